/**
 * The `nests` columns the `nest` command writes, a stored row read back into that shape, and which columns the
 * diff compares and may update in place (chat-commands §10: same pokemon and form = the same rule).
 */
import type { TrackingRow } from '../../../core/contract.ts';
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

export const COMPARED_COLUMNS: readonly (keyof NestDraft)[] = [
  'min_spawn_avg', 'distance', 'template', 'clean', 'ping', 'override_location_label', 'override_areas',
];
export const UPDATABLE_COLUMNS: ReadonlySet<keyof NestDraft> = new Set(['distance', 'template', 'clean']);

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

export interface RuleChanges {
  readonly inserts: readonly NestDraft[];
  readonly updates: readonly { readonly uid: number; readonly patch: Partial<NestDraft>; readonly rule: NestDraft }[];
  readonly unchanged: readonly { readonly uid: number; readonly rule: NestDraft }[];
}

/** New rules against the target's rows: identical → unchanged; one updatable column differs → update; else insert. */
export function diffNestRules(wanted: readonly NestDraft[], existing: readonly TrackingRow[]): RuleChanges {
  const available = new Map(existing.map((row) => [row.uid, draftOfRow(row)]));
  const inserts: NestDraft[] = [];
  const updates: { uid: number; patch: Partial<NestDraft>; rule: NestDraft }[] = [];
  const unchanged: { uid: number; rule: NestDraft }[] = [];
  const differing = (a: NestDraft, b: NestDraft) => COMPARED_COLUMNS.filter((c) => a[c] !== b[c]);
  for (const rule of wanted) {
    const candidates = [...available].filter(([, row]) => row.pokemon_id === rule.pokemon_id && row.form === rule.form);
    const same = candidates.find(([, row]) => differing(rule, row).length === 0);
    if (same) {
      available.delete(same[0]);
      unchanged.push({ uid: same[0], rule });
      continue;
    }
    const close = candidates.find(([, row]) => {
      const diff = differing(rule, row);
      return diff.length === 1 && UPDATABLE_COLUMNS.has(diff[0]!);
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
