/**
 * One `nests` row as a line of text for `tracked` and the command replies: the pokemon, then the least spawns
 * per hour, distance, template and clean when set (`**Pikachu** | Min avg. spawn 5/hour | distance: 500m`).
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { draftOfRow } from './draft.ts';

export function describeNestRule(row: TrackingRow, ctx: DescribeContext): string {
  const r = draftOfRow(row);
  const form = r.form ? ctx.gameData.formName(r.form, ctx.language) : '';
  const name = r.pokemon_id === 0 ? `**${ctx.t('All pokemon')}**` : `**${ctx.gameData.pokemonName(r.pokemon_id, ctx.language)}**`;
  const parts = [form ? `${name} ${form}` : name];
  if (r.min_spawn_avg > 0) parts.push(ctx.t('Min avg. spawn {count}/hour', { count: r.min_spawn_avg }));
  if (r.distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: r.distance }));
  if (r.template !== null) parts.push(ctx.t('template: {template}', { template: r.template }));
  if (r.clean !== 0) parts.push(ctx.t('clean'));
  return parts.join(' | ');
}

