/**
 * The previous generation's rule diff (chat-commands §10), the one implementation every tracking command and
 * the tracking API use: each new rule is compared with the existing rules of the same key; one identical in
 * every compared column is unchanged (already present), one differing in exactly one updatable column updates
 * that row in that column, anything else is a new rule. Each existing rule answers for at most one new rule,
 * the first (in the existing rules' order) that fits. A caller supplies only its comparison (RuleComparison):
 * what its key is and which columns it compares and may update. Pure.
 * `planRules` is the API's comparison: no key, every column the new rule sets compared as text.
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

/** How a table compares an existing rule (`Old`) with a new one (`New`), by columns named `Column`. */
export interface RuleComparison<Old, New, Column extends string = string> {
  /** true when the two are rules of the same thing (only such an existing rule can answer for a new one) */
  sameKey(existing: Old, wanted: New): boolean;
  /** the compared columns in which the two differ, in a stable order */
  differing(existing: Old, wanted: New): readonly Column[];
  /** the columns in which an existing rule is updated when it differs in that one column only */
  readonly updatable: ReadonlySet<Column>;
}

export interface RuleUpdateOf<Old, New, Column extends string = string> {
  readonly existing: Old;
  readonly wanted: New;
  /** the one column to set to `wanted`'s value */
  readonly column: Column;
}

export interface RuleDiff<Old, New, Column extends string = string> {
  /** in the new rules' order, as are the others */
  readonly inserts: readonly New[];
  readonly updates: readonly RuleUpdateOf<Old, New, Column>[];
  readonly unchanged: readonly { readonly existing: Old; readonly wanted: New }[];
}

export function diffRules<Old, New, Column extends string>(
  wanted: readonly New[],
  existing: readonly Old[],
  comparison: RuleComparison<Old, New, Column>,
): RuleDiff<Old, New, Column> {
  const available = [...existing];
  const inserts: New[] = [];
  const updates: RuleUpdateOf<Old, New, Column>[] = [];
  const unchanged: { existing: Old; wanted: New }[] = [];
  const take = (rule: Old): void => void available.splice(available.indexOf(rule), 1);
  for (const rule of wanted) {
    const keyed = available.filter((old) => comparison.sameKey(old, rule));
    const identical = keyed.find((old) => comparison.differing(old, rule).length === 0);
    if (identical !== undefined) {
      take(identical);
      unchanged.push({ existing: identical, wanted: rule });
      continue;
    }
    let update: RuleUpdateOf<Old, New, Column> | undefined;
    for (const old of keyed) {
      const columns = comparison.differing(old, rule);
      if (columns.length === 1 && comparison.updatable.has(columns[0]!)) {
        update = { existing: old, wanted: rule, column: columns[0]! };
        break;
      }
    }
    if (update === undefined) {
      inserts.push(rule);
      continue;
    }
    take(update.existing);
    updates.push(update);
  }
  return { inserts, updates, unchanged };
}

export function planRules(wanted: readonly RuleColumns[], existing: readonly TrackingRow[], updatable: ReadonlySet<string>): RulePlan {
  const changes = diffRules(wanted, existing, { sameKey: () => true, differing: (row, rule) => differing(rule, row), updatable });
  return {
    inserts: changes.inserts,
    updates: changes.updates.map(({ existing: row, wanted: rule, column }) => {
      const patch = { [column]: rule[column] ?? null };
      return { uid: row.uid, patch, after: { ...row, ...patch } };
    }),
    unchanged: changes.unchanged.map(({ existing: row }) => row),
  };
}
