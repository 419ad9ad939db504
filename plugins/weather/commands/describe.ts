/**
 * One `weather` row as a line of text for `tracked` and the command replies: `**Rain** | cell: 5170…` or
 * `**Any weather** | in your areas`, then the template and `clean` when set.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { isAnyCell } from '../rule.ts';

export function describeWeatherRule(row: TrackingRow, ctx: DescribeContext): string {
  const condition = intColumn(row, 'condition', 0);
  const name = condition === 0 ? ctx.t('Any weather') : ctx.gameData.weatherName(condition, ctx.language);
  const cell = textColumn(row, 'cell').trim();
  const parts = [`**${name}**`, isAnyCell(cell) ? ctx.t('in your areas') : ctx.t('cell: {cell}', { cell })];
  const template = textColumn(row, 'template').trim();
  if (template !== '') parts.push(ctx.t('template: {template}', { template }));
  if (intColumn(row, 'clean', 0) === 1) parts.push(ctx.t('clean'));
  return parts.join(' | ');
}
