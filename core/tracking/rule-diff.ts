/**
 * New rules against a human's existing rules of one table and profile, as the previous generation's API
 * compares them (chat-commands §10): a new rule equal to an existing row in every column it sets is already
 * present; one differing from a row in exactly one column, and that column updatable, updates that row; any
 * other rule is inserted. Each existing row answers for at most one new rule. Pure.
 */
import type { TrackingRow } from '../model.ts';
import type { RuleColumns } from './api-spec.ts';

export interface RuleUpdate {
  readonly uid: number;
  readonly patch: RuleColumns;
  /** the row as it is after the update */
  readonly after: TrackingRow;
}

export interface RulePlan {
  readonly inserts: readonly RuleColumns[];
  readonly updates: readonly RuleUpdate[];
  readonly unchanged: readonly TrackingRow[];
}

/** Column values compare as text, with NULL, missing and '' alike (a NULL template reads as none). */
export function sameValue(a: unknown, b: unknown): boolean {
  const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : String(v));
  return text(a) === text(b);
}

function differing(rule: RuleColumns, row: TrackingRow): string[] {
  return Object.keys(rule).filter((column) => !sameValue(rule[column], row[column]));
}

export function planRules(wanted: readonly RuleColumns[], existing: readonly TrackingRow[], updatable: ReadonlySet<string>): RulePlan {
  const available = [...existing];
  const inserts: RuleColumns[] = [];
  const updates: RuleUpdate[] = [];
  const unchanged: TrackingRow[] = [];
  for (const rule of wanted) {
    const diffs = available.map((row) => differing(rule, row));
    const same = diffs.findIndex((d) => d.length === 0);
    const close = same >= 0 ? -1 : diffs.findIndex((d) => d.length === 1 && updatable.has(d[0]!));
    const at = same >= 0 ? same : close;
    if (at < 0) {
      inserts.push(rule);
      continue;
    }
    const [row] = available.splice(at, 1) as [TrackingRow];
    if (same >= 0) {
      unchanged.push(row);
      continue;
    }
    const column = diffs[at]![0]!;
    const patch = { [column]: rule[column] ?? null };
    updates.push({ uid: row.uid, patch, after: { ...row, ...patch } });
  }
  return { inserts, updates, unchanged };
}
