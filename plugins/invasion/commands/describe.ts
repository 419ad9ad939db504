/**
 * One `invasion` row as a line for `tracked` and the command replies: `**Dragon** | gender: ♀ | distance: 500m | clean`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, templateColumn, textColumn } from '../../../core/match/index.ts';
import { STOP_EVENTS } from '../grunt-type.ts';
import { ANY_BOSS, ANY_GRUNT } from '../rule.ts';

const GENDER_SIGNS = ['', '♂', '♀'];

function typeTitle(gruntType: string, ctx: DescribeContext): string {
  if (gruntType === ANY_GRUNT || gruntType === '') return ctx.t('All invasions');
  if (gruntType === ANY_BOSS) return ctx.t('Any boss');
  const event = [...STOP_EVENTS.values()].find((e) => e.key === gruntType);
  if (event) return ctx.gameData.translate(event.name, ctx.language);
  const type = ctx.gameData.typeByName(gruntType);
  if (type) return ctx.gameData.typeName(type.id, ctx.language);
  const word = gruntType.charAt(0).toUpperCase() + gruntType.slice(1);
  return ctx.gameData.translate(word, ctx.language);
}

export function describeInvasionRule(row: TrackingRow, ctx: DescribeContext): string {
  const parts = [`**${typeTitle(textColumn(row, 'grunt_type').trim().toLowerCase(), ctx)}**`];
  const gender = intColumn(row, 'gender', 0);
  if (gender !== 0) parts.push(ctx.t('gender: {gender}', { gender: GENDER_SIGNS[gender] ?? String(gender) }));
  const distance = intColumn(row, 'distance', 0);
  if (distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: distance }));
  const template = templateColumn(row);
  if (template !== null) parts.push(ctx.t('template: {template}', { template }));
  if (intColumn(row, 'clean', 0) !== 0) parts.push(ctx.t('clean'));
  return parts.join(' | ');
}
