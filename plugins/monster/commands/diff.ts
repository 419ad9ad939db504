/**
 * New rules against the target's existing `monsters` rows of the same profile (chat-commands §10): a rule
 * identical to an existing row of the same pokemon is unchanged; one differing from such a row in exactly one
 * updatable column (distance, template, clean, min_iv) updates that row; anything else is a new row.
 * Each existing row answers for at most one new rule.
 */
import type { TrackingRow } from '../../../core/contract.ts';
import { COMPARED_COLUMNS, UPDATABLE_COLUMNS, draftOfRow, type MonsterDraft } from './columns.ts';

export interface RuleUpdate {
  readonly uid: number;
  readonly patch: Partial<MonsterDraft>;
  /** the rule as it is after the update */
  readonly rule: MonsterDraft;
}

export interface RuleChanges {
  readonly inserts: readonly MonsterDraft[];
  readonly updates: readonly RuleUpdate[];
  readonly unchanged: readonly { readonly uid: number; readonly rule: MonsterDraft }[];
}

function differingColumns(a: MonsterDraft, b: MonsterDraft): (keyof MonsterDraft)[] {
  return COMPARED_COLUMNS.filter((column) => a[column] !== b[column]);
}

export function diffRules(wanted: readonly MonsterDraft[], existing: readonly TrackingRow[]): RuleChanges {
  const available = new Map(existing.map((row) => [row.uid, draftOfRow(row)]));
  const inserts: MonsterDraft[] = [];
  const updates: RuleUpdate[] = [];
  const unchanged: { uid: number; rule: MonsterDraft }[] = [];
  for (const rule of wanted) {
    const candidates = [...available].filter(([, row]) => row.pokemon_id === rule.pokemon_id);
    const same = candidates.find(([, row]) => differingColumns(rule, row).length === 0);
    if (same) {
      available.delete(same[0]);
      unchanged.push({ uid: same[0], rule });
      continue;
    }
    const close = candidates.find(([, row]) => {
      const diff = differingColumns(rule, row);
      return diff.length === 1 && UPDATABLE_COLUMNS.has(diff[0] as keyof MonsterDraft);
    });
    if (close) {
      const column = differingColumns(rule, close[1])[0] as keyof MonsterDraft;
      available.delete(close[0]);
      updates.push({ uid: close[0], patch: { [column]: rule[column] }, rule });
      continue;
    }
    inserts.push(rule);
  }
  return { inserts, updates, unchanged };
}
