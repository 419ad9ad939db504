/**
 * The `maxbattle` columns the `maxbattle` command writes, a stored row read back into that shape, and the diff
 * against the target's rows (same pokemon, form and level = the same rule; one differing updatable column —
 * distance, template, clean — updates it in place).
 */
import type { TrackingRow } from '../../../core/contract.ts';
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

const COMPARED: readonly (keyof MaxBattleDraft)[] = [
  'gmax', 'move', 'evolution', 'station_id', 'distance', 'template', 'clean', 'ping', 'override_location_label', 'override_areas',
];
const UPDATABLE: ReadonlySet<keyof MaxBattleDraft> = new Set(['distance', 'template', 'clean']);

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

export interface RuleChanges {
  readonly inserts: readonly MaxBattleDraft[];
  readonly updates: readonly { readonly uid: number; readonly patch: Partial<MaxBattleDraft>; readonly rule: MaxBattleDraft }[];
  readonly unchanged: readonly { readonly uid: number; readonly rule: MaxBattleDraft }[];
}

export function diffMaxBattleRules(wanted: readonly MaxBattleDraft[], existing: readonly TrackingRow[]): RuleChanges {
  const available = new Map(existing.map((row) => [row.uid, draftOfRow(row)]));
  const inserts: MaxBattleDraft[] = [];
  const updates: { uid: number; patch: Partial<MaxBattleDraft>; rule: MaxBattleDraft }[] = [];
  const unchanged: { uid: number; rule: MaxBattleDraft }[] = [];
  const differing = (a: MaxBattleDraft, b: MaxBattleDraft) => COMPARED.filter((c) => a[c] !== b[c]);
  for (const rule of wanted) {
    const candidates = [...available].filter(([, row]) => row.pokemon_id === rule.pokemon_id && row.form === rule.form && row.level === rule.level);
    const same = candidates.find(([, row]) => differing(rule, row).length === 0);
    if (same) {
      available.delete(same[0]);
      unchanged.push({ uid: same[0], rule });
      continue;
    }
    const close = candidates.find(([, row]) => {
      const diff = differing(rule, row);
      return diff.length === 1 && UPDATABLE.has(diff[0]!);
    });
    if (close) {
      const column = differing(rule, close[1])[0]!;
      available.delete(close[0]);
      updates.push({ uid: close[0], patch: { [column]: rule[column] }, rule });
      continue;
    }
    inserts.push(rule);
  }
  return { inserts, updates, unchanged };
}
