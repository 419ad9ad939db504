/**
 * One `gym` row as a line of text for `tracked` and the command replies: `**Valor gyms** | distance: 500m |
 * including slot changes | at gym <id> | template: 2 | clean`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { ANY_TEAM } from '../rule.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';

export function describeGymRule(row: TrackingRow, ctx: DescribeContext): string {
  const team = intColumn(row, 'team', ANY_TEAM);
  const distance = intColumn(row, 'distance', 0);
  const gymId = textColumn(row, 'gym_id').trim();
  const template = textColumn(row, 'template').trim();
  const title = team === ANY_TEAM ? ctx.t("All team's gyms") : ctx.t('{team} gyms', { team: ctx.gameData.teamName(team, ctx.language) });
  const parts = [`**${title}**`];
  if (distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: distance }));
  if (intColumn(row, 'slot_changes', 0) !== 0) parts.push(ctx.t('including slot changes'));
  if (intColumn(row, 'battle_changes', 0) !== 0) parts.push(ctx.t('including battle changes'));
  if (gymId !== '') parts.push(ctx.t('at gym {gym}', { gym: gymId }));
  if (template !== '') parts.push(ctx.t('template: {template}', { template }));
  if (intColumn(row, 'clean', 0) !== 0) parts.push(ctx.t('clean'));
  return parts.join(' | ');
}
