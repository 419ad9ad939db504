/**
 * One `maxbattle` row as a line of text for `tracked` and the command replies:
 * `**Snorlax** | Gigantamax only | with move Tackle | at station <id> | distance: 500m | clean`, or
 * `Level 3 max battles` / `All level max battles` for rules by level.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { ALL_LEVELS, ANY } from '../rule.ts';
import { draftOfRow } from './draft.ts';

function title(pokemonId: number, form: number, level: number, ctx: DescribeContext): string {
  if (pokemonId === ANY) return level === ALL_LEVELS ? `**${ctx.t('All level max battles')}**` : `**${ctx.t('Level {level} max battles', { level })}**`;
  const name = `**${ctx.gameData.pokemonName(pokemonId, ctx.language)}**`;
  const formName = form ? ctx.gameData.formName(form, ctx.language) : '';
  return formName ? `${name} ${formName}` : name;
}

export function describeMaxBattleRule(row: TrackingRow, ctx: DescribeContext): string {
  const r = draftOfRow(row);
  const parts = [title(r.pokemon_id, r.form, r.level, ctx)];
  if (r.gmax === 1) parts.push(ctx.t('Gigantamax only'));
  if (r.move !== ANY) parts.push(ctx.t('with move {move}', { move: ctx.gameData.moveName(r.move, ctx.language) }));
  if (r.station_id !== null) parts.push(ctx.t('at station {station}', { station: r.station_id }));
  if (r.distance > 0) parts.push(ctx.t('distance: {metres}m', { metres: r.distance }));
  if (r.template !== '') parts.push(ctx.t('template: {template}', { template: r.template }));
  if (r.clean !== 0) parts.push(ctx.t('clean'));
  return parts.join(' | ');
}

