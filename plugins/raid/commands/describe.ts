/**
 * One `raid` or `egg` row as a line of text for `tracked` and the command replies, showing only what differs
 * from the defaults: `**Mewtwo** | distance: 500m | controlled by Valor | must be an EX Gym | with move Psychic`,
 * `**Level 5 eggs** | including RSVP changes | clean`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { ALL_LEVELS, levelName } from '../levels.ts';
import { shownFormName } from '../names.ts';
import { ANY, ANY_TEAM } from '../rule.ts';

const RSVP_TEXT: Readonly<Record<number, string>> = { 1: 'including RSVP changes', 2: 'only with RSVPs' };

function levelTitle(level: number, what: 'raids' | 'eggs', ctx: DescribeContext): string {
  if (level === ALL_LEVELS) return ctx.t(`All level ${what}`);
  const text = ctx.t(`Level {level} ${what}`, { level });
  const name = levelName(level);
  return name === `Level ${level}` ? text : `${text} (${ctx.gameData.translate(name, ctx.language)})`;
}

function commonParts(row: TrackingRow, ctx: DescribeContext): string[] {
  const { t } = ctx;
  const parts: string[] = [];
  const distance = intColumn(row, 'distance', 0);
  if (distance > 0) parts.push(t('distance: {metres}m', { metres: distance }));
  const team = intColumn(row, 'team', ANY_TEAM);
  if (team !== ANY_TEAM) parts.push(t('controlled by {team}', { team: ctx.gameData.teamName(team, ctx.language) }));
  if (intColumn(row, 'exclusive', 0) === 1) parts.push(t('must be an EX Gym'));
  return parts;
}

function tailParts(row: TrackingRow, ctx: DescribeContext): string[] {
  const { t } = ctx;
  const parts: string[] = [];
  const gym = textColumn(row, 'gym_id').trim();
  if (gym !== '') parts.push(t('at gym {gym}', { gym }));
  const rsvp = RSVP_TEXT[intColumn(row, 'rsvp_changes', 0)];
  if (rsvp) parts.push(t(rsvp));
  const template = textColumn(row, 'template').trim();
  if (template !== '') parts.push(t('template: {template}', { template }));
  const clean = intColumn(row, 'clean', 0);
  if (clean & 1) parts.push(t('clean'));
  if (clean & 2) parts.push(t('edit'));
  return parts;
}

export function describeRaidRule(row: TrackingRow, ctx: DescribeContext): string {
  const pokemonId = intColumn(row, 'pokemon_id', ANY);
  let title: string;
  if (pokemonId === ANY) title = `**${levelTitle(intColumn(row, 'level', ALL_LEVELS), 'raids', ctx)}**`;
  else {
    const form = shownFormName(ctx.gameData, intColumn(row, 'form', 0), ctx.language);
    const name = `**${ctx.gameData.pokemonName(pokemonId, ctx.language)}**`;
    title = form ? `${name} ${form}` : name;
  }
  const parts = [title, ...commonParts(row, ctx)];
  const move = intColumn(row, 'move', ANY);
  if (move !== ANY) parts.push(ctx.t('with move {move}', { move: ctx.gameData.moveName(move, ctx.language) }));
  const evolution = intColumn(row, 'evolution', ANY);
  if (evolution !== ANY) parts.push(ctx.t('evolution: {evolution}', { evolution: ctx.gameData.tempEvolutionName(evolution, ctx.language) }));
  return [...parts, ...tailParts(row, ctx)].join(' | ');
}

export function describeEggRule(row: TrackingRow, ctx: DescribeContext): string {
  const title = `**${levelTitle(intColumn(row, 'level', ALL_LEVELS), 'eggs', ctx)}**`;
  return [title, ...commonParts(row, ctx), ...tailParts(row, ctx)].join(' | ');
}
