/**
 * The `maxbattle` columns the `maxbattle` command writes, and a stored row read back into that shape (for
 * describing it; saving and the diff are the shared keyed-rule code).
 */
import type { TrackingRow } from '../../../core/model.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { ANY } from '../rule.ts';

/** A rule as the command builds it: every column but `uid`, `id` and `profile_no`. */
export interface MaxBattleDraft {
  readonly pokemon_id: number;
  readonly form: number;
  readonly level: number;
  readonly gmax: number;
  readonly move: number;
  readonly evolution: number;
  readonly station_id: string | null;
  readonly distance: number;
  /** '' = the default template (the column is NOT NULL) */
  readonly template: string;
  readonly clean: number;
  readonly ping: string;
  readonly override_location_label: string | null;
  /** JSON array text of lower-case area names */
  readonly override_areas: string | null;
}


function nullableText(row: TrackingRow, column: string): string | null {
  const value = textColumn(row, column).trim();
  return value === '' ? null : value;
}

export function draftOfRow(row: TrackingRow): MaxBattleDraft {
  return {
    pokemon_id: intColumn(row, 'pokemon_id', ANY),
    form: intColumn(row, 'form', 0),
    level: intColumn(row, 'level', ANY),
    gmax: intColumn(row, 'gmax', 0),
    move: intColumn(row, 'move', ANY),
    evolution: intColumn(row, 'evolution', ANY),
    station_id: nullableText(row, 'station_id'),
    distance: intColumn(row, 'distance', 0),
    template: textColumn(row, 'template'),
    clean: intColumn(row, 'clean', 0),
    ping: textColumn(row, 'ping'),
    override_location_label: nullableText(row, 'override_location_label'),
    override_areas: nullableText(row, 'override_areas'),
  };
}
