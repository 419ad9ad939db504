/**
 * The `nests` columns the `nest` command writes, and a stored row read back into that shape (for describing it;
 * saving and the diff are the shared keyed-rule code).
 */
import type { TrackingRow } from '../../../core/model.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';

/** A rule as the command builds it: every column but `uid`, `id` and `profile_no`. */
export interface NestDraft {
  readonly pokemon_id: number;
  readonly form: number;
  readonly min_spawn_avg: number;
  readonly distance: number;
  readonly template: string | null;
  readonly clean: number;
  readonly ping: string;
  readonly override_location_label: string | null;
  /** JSON array text of lower-case area names */
  readonly override_areas: string | null;
}


function nullableText(row: TrackingRow, column: string): string | null {
  const value = textColumn(row, column);
  return value === '' ? null : value;
}

export function draftOfRow(row: TrackingRow): NestDraft {
  return {
    pokemon_id: intColumn(row, 'pokemon_id', 0),
    form: intColumn(row, 'form', 0),
    min_spawn_avg: intColumn(row, 'min_spawn_avg', 0),
    distance: intColumn(row, 'distance', 0),
    template: nullableText(row, 'template'),
    clean: intColumn(row, 'clean', 0),
    ping: textColumn(row, 'ping'),
    override_location_label: nullableText(row, 'override_location_label'),
    override_areas: nullableText(row, 'override_areas'),
  };
}
