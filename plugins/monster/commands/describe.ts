/**
 * One `monsters` row as a line of text for `tracked` and the command replies, showing only the parts that
 * differ from the defaults: `**Pikachu** Alola | distance: 500m | iv: 90%-100% | pvp ranking: great top5
 * (@1400+ level cap: 50) | clean`.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { lowerNameListColumn, textColumn } from '../../../core/match/index.ts';
import { draftOfRow, FILTER_DEFAULTS, type MonsterDraft } from './columns.ts';
import { LEAGUE_CP } from './pvp-args.ts';

type Translate = DescribeContext['t'];

const SIZE_LABELS = ['', 'XXS', 'XS', 'M', 'XL', 'XXL'];
/** translated through `t` (the size labels are not: XXS…XXL read the same everywhere) */
export const RARITY_LABELS = ['', 'Common', 'Uncommon', 'Rare', 'Very Rare', 'Ultra Rare', 'Unseen'];
const GENDER_SIGNS = ['', '♂', '♀', '⚲'];

function label(labels: readonly string[], value: number, lowest: number): string {
  return labels[Math.max(value, lowest)] ?? String(value);
}

/** `a-b`, or `a` when both ends are the same step. */
function stepRange(labels: readonly string[], min: number, max: number, t: Translate): string {
  const from = t(label(labels, min, 1));
  const to = t(label(labels, max, 1));
  return from === to ? from : `${from}-${to}`;
}

function differs(rule: MonsterDraft, columns: readonly (keyof typeof FILTER_DEFAULTS)[]): boolean {
  return columns.some((c) => rule[c] !== FILTER_DEFAULTS[c]);
}

function leagueName(cp: number): string {
  const entry = Object.entries(LEAGUE_CP).find(([, leagueCp]) => leagueCp === cp);
  return entry ? entry[0] : String(cp);
}

function pvpPart(r: MonsterDraft, t: Translate): string {
  const ranks = r.pvp_ranking_best <= 1 ? `top${r.pvp_ranking_worst}` : `${r.pvp_ranking_best}-${r.pvp_ranking_worst}`;
  const extras = [r.pvp_ranking_min_cp > 0 ? `@${r.pvp_ranking_min_cp}+` : '', r.pvp_ranking_cap > 0 ? t('level cap: {cap}', { cap: r.pvp_ranking_cap }) : ''].filter((e) => e);
  const suffix = extras.length > 0 ? ` (${extras.join(' ')})` : '';
  return t('pvp ranking: {league} {ranks}', { league: t(leagueName(r.pvp_ranking_league)), ranks }) + suffix;
}

function filterParts(r: MonsterDraft, t: Translate): string[] {
  const parts: string[] = [];
  if (r.distance > 0) parts.push(t('distance: {metres}m', { metres: r.distance }));
  if (differs(r, ['min_iv', 'max_iv'])) parts.push(t('iv: {min}%-{max}%', { min: Math.max(r.min_iv, 0), max: r.max_iv }));
  if (differs(r, ['min_cp', 'max_cp'])) parts.push(t('cp: {min}-{max}', { min: r.min_cp, max: r.max_cp }));
  if (differs(r, ['min_level', 'max_level'])) parts.push(t('level: {min}-{max}', { min: r.min_level, max: r.max_level }));
  if (differs(r, ['atk', 'def', 'sta', 'max_atk', 'max_def', 'max_sta'])) {
    parts.push(t('stats: {min} - {max}', { min: `${r.atk}/${r.def}/${r.sta}`, max: `${r.max_atk}/${r.max_def}/${r.max_sta}` }));
  }
  if (differs(r, ['min_weight', 'max_weight'])) parts.push(t('weight: {min}kg-{max}kg', { min: r.min_weight / 1000, max: r.max_weight / 1000 }));
  if (r.pvp_ranking_league !== 0) parts.push(pvpPart(r, t));
  if (differs(r, ['size', 'max_size'])) parts.push(t('size: {sizes}', { sizes: stepRange(SIZE_LABELS, r.size, r.max_size, t) }));
  if (differs(r, ['rarity', 'max_rarity'])) parts.push(t('rarity: {rarities}', { rarities: stepRange(RARITY_LABELS, r.rarity, r.max_rarity, t) }));
  if (r.gender !== 0) parts.push(t('gender: {gender}', { gender: GENDER_SIGNS[r.gender] ?? String(r.gender) }));
  if (r.min_time > 0) parts.push(t('minimum time: {seconds}s', { seconds: r.min_time }));
  if (r.template !== null) parts.push(t('template: {template}', { template: r.template }));
  if (r.clean !== 0) parts.push(t('clean'));
  return parts;
}

function title(r: MonsterDraft, ctx: DescribeContext): string {
  if (r.pokemon_id === 0) return `**${ctx.t('All pokemon')}**`;
  const name = `**${ctx.gameData.pokemonName(r.pokemon_id, ctx.language)}**`;
  const form = ctx.gameData.formName(r.form, ctx.language);
  return form ? `${name} ${form}` : name;
}

/** The line for one rule (without its location / area override, see `describeOverride`). */
export function describeMonsterRule(row: TrackingRow, ctx: DescribeContext): string {
  const rule = draftOfRow(row);
  return [title(rule, ctx), ...filterParts(rule, ctx.t)].join(' | ');
}

/** ` @ <label>` for a saved-location rule, ` in <areas>` (through `t` when given) for an area override, else ''. */
export function describeOverride(row: TrackingRow, t?: Translate): string {
  const label = textColumn(row, 'override_location_label').trim();
  if (label !== '') return ` @ ${label}`;
  const areas = lowerNameListColumn(row, 'override_areas')?.join(', ');
  if (!areas) return '';
  return ` ${t ? t('in {areas}', { areas }) : `in ${areas}`}`;
}
