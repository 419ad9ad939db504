/**
 * One `forts` row as a line of text for `tracked` and the command replies: `Fort updates: **pokestop** |
 * changes: name, photo | including empty | distance: 500m | template: 2`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { ANY_FORT, readChangeTypes } from '../rule.ts';

const CHANGE_LABELS: Readonly<Record<string, string>> = { image_url: 'photo' };

export function describeFortRule(row: TrackingRow, ctx: DescribeContext): string {
  const fortType = textColumn(row, 'fort_type').trim() || ANY_FORT;
  const distance = intColumn(row, 'distance', 0);
  const template = textColumn(row, 'template').trim();
  const changes = readChangeTypes(row).map((c) => ctx.t(CHANGE_LABELS[c] ?? c));
  const parts = [ctx.t('Fort updates: **{type}**', { type: ctx.t(fortType) })];
  if (changes.length > 0) parts.push(ctx.t('changes: {changes}', { changes: changes.join(', ') }));
  if (intColumn(row, 'include_empty', 1) !== 0) parts.push(ctx.t('including empty'));
  if (distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: distance }));
  if (template !== '') parts.push(ctx.t('template: {template}', { template }));
  return parts.join(' | ');
}
