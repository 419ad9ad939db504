/**
 * New rules against the target's existing `monsters` rows of the same profile, by the shared rule diff
 * (core/tracking/rule-diff.ts, chat-commands §10). What is the monster table's own: a rule's key is
 * its pokemon; every column (read into the draft shape, NULL and '' alike) is compared; a rule differing in
 * exactly one of distance, template, clean, min_iv updates that row.
 */
import type { TrackingRow } from '../../../core/model.ts';
import { diffRules as diffRuleSets, type RuleComparison } from '../../../core/tracking/rule-diff.ts';
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

/** An existing row with its columns read into the draft shape. */
interface ExistingRule {
  readonly uid: number;
  readonly rule: MonsterDraft;
}

const MONSTER_COMPARISON: RuleComparison<ExistingRule, MonsterDraft, keyof MonsterDraft> = {
  sameKey: (existing, wanted) => existing.rule.pokemon_id === wanted.pokemon_id,
  differing: (existing, wanted) => COMPARED_COLUMNS.filter((column) => existing.rule[column] !== wanted[column]),
  updatable: UPDATABLE_COLUMNS,
};

export function diffRules(wanted: readonly MonsterDraft[], existing: readonly TrackingRow[]): RuleChanges {
  const rules = existing.map((row): ExistingRule => ({ uid: row.uid, rule: draftOfRow(row) }));
  const changes = diffRuleSets(wanted, rules, MONSTER_COMPARISON);
  return {
    inserts: changes.inserts,
    updates: changes.updates.map(({ existing: { uid }, wanted: rule, column }) => ({ uid, patch: { [column]: rule[column] }, rule })),
    unchanged: changes.unchanged.map(({ existing: { uid }, wanted: rule }) => ({ uid, rule })),
  };
}
