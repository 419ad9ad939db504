/**
 * The `monsters` columns a chat command writes, their defaults for a new rule, and which of them the diff
 * compares and may update in place.
 */
import type { TrackingRow } from '../../../core/model.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { FILTER_DEFAULTS } from '../defaults.ts';

/** A rule as `track` builds it: every column but `uid`, `id` and `profile_no`. */
export interface MonsterDraft {
  readonly pokemon_id: number;
  readonly form: number;
  readonly min_iv: number;
  readonly max_iv: number;
  readonly min_cp: number;
  readonly max_cp: number;
  readonly min_level: number;
  readonly max_level: number;
  readonly atk: number;
  readonly def: number;
  readonly sta: number;
  readonly max_atk: number;
  readonly max_def: number;
  readonly max_sta: number;
  /** grams */
  readonly min_weight: number;
  readonly max_weight: number;
  readonly gender: number;
  readonly size: number;
  readonly max_size: number;
  readonly rarity: number;
  readonly max_rarity: number;
  readonly min_time: number;
  readonly pvp_ranking_league: number;
  readonly pvp_ranking_best: number;
  readonly pvp_ranking_worst: number;
  readonly pvp_ranking_min_cp: number;
  readonly pvp_ranking_cap: number;
  readonly distance: number;
  readonly template: string | null;
  readonly clean: number;
  readonly ping: string;
  readonly override_location_label: string | null;
  /** JSON array text of lower-case area names */
  readonly override_areas: string | null;
}

export type NumericColumn = { [K in keyof MonsterDraft]: MonsterDraft[K] extends number ? K : never }[keyof MonsterDraft];

export { FILTER_DEFAULTS };

export type FilterColumn = keyof typeof FILTER_DEFAULTS;
export type FilterValues = { -readonly [K in FilterColumn]: number };

const NUMERIC_COLUMNS: readonly NumericColumn[] = ['pokemon_id', 'form', ...(Object.keys(FILTER_DEFAULTS) as FilterColumn[]), 'distance', 'clean'];
const TEXT_COLUMNS = ['template', 'ping', 'override_location_label', 'override_areas'] as const;

/** Every column the diff compares, in a stable order. */
export const COMPARED_COLUMNS: readonly (keyof MonsterDraft)[] = [...NUMERIC_COLUMNS, ...TEXT_COLUMNS];

/** Columns an existing rule may be updated in (chat-commands §10): a rule differing in exactly one of them is updated. */
export const UPDATABLE_COLUMNS: ReadonlySet<keyof MonsterDraft> = new Set(['distance', 'template', 'clean', 'min_iv']);

/** A nullable text column as the diff compares it: NULL and '' are the same. */
function optionalText(row: TrackingRow, column: string): string | null {
  const text = textColumn(row, column);
  return text === '' ? null : text;
}

/** An existing row read into the draft shape (missing columns → their defaults), so it compares with a new one. */
export function draftOfRow(row: TrackingRow): MonsterDraft {
  const numbers: Record<string, number> = {};
  for (const column of NUMERIC_COLUMNS) {
    const fallback = column in FILTER_DEFAULTS ? FILTER_DEFAULTS[column as FilterColumn] : 0;
    numbers[column] = intColumn(row, column, fallback);
  }
  return {
    ...(numbers as Pick<MonsterDraft, NumericColumn>),
    template: optionalText(row, 'template'),
    ping: textColumn(row, 'ping'),
    override_location_label: optionalText(row, 'override_location_label'),
    override_areas: optionalText(row, 'override_areas'),
  };
}
