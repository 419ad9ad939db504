/**
 * One `lures` row as a line for `tracked` and the command replies: `**Glacial** | distance: 500m | clean | edit`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, templateColumn } from '../../../core/match/index.ts';
import { lureName } from '../lures.ts';
import { ANY_LURE } from '../match.ts';

export function describeLureRule(row: TrackingRow, ctx: DescribeContext): string {
  const lureId = intColumn(row, 'lure_id', ANY_LURE);
  const parts = [`**${lureId === ANY_LURE ? ctx.t('All lures') : lureName(ctx.gameData, lureId, ctx.language)}**`];
  const distance = intColumn(row, 'distance', 0);
  if (distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: distance }));
  const template = templateColumn(row);
  if (template !== null) parts.push(ctx.t('template: {template}', { template }));
  const clean = intColumn(row, 'clean', 0);
  if (clean & 1) parts.push(ctx.t('clean'));
  if (clean & 2) parts.push(ctx.t('edit'));
  return parts.join(' | ');
}
