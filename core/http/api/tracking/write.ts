/**
 * Writes prepared rules for one human: grouped by table and profile, explicit `uid` rules overwrite their row,
 * the rest are diffed against the human's rules (core/tracking/rule-diff.ts) into already present, updated in
 * place and inserted. Everything that can be refused (an unknown profile or uid) is checked before the first
 * write. Answers the counts the previous generation's clients read and the changed rules for the confirmation.
 */
import type { Human, TrackingRow } from '../../../model.ts';
import type { RuleColumns } from '../../../tracking/api-spec.ts';
import { LookoutError } from '../../../errors.ts';
import { planRules } from '../../../tracking/rule-diff.ts';
import { PROFILE_NOT_FOUND } from '../human-ops.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';
import type { ChangedRule as RuleChange } from './confirm.ts';
import type { PreparedRule } from './items.ts';

const DEFAULT_UPDATABLE = ['distance', 'template', 'clean'];


export interface WriteResult {
  readonly newUids: readonly number[];
  readonly alreadyPresent: number;
  readonly updates: number;
  readonly inserts: number;
  readonly changes: readonly RuleChange[];
}

interface Group {
  readonly served: ServedTable;
  readonly profileNo: number;
  readonly rules: PreparedRule[];
  existing: TrackingRow[];
}

function groupsOf(prepared: readonly PreparedRule[]): Group[] {
  const groups = new Map<string, Group>();
  for (const rule of prepared) {
    const key = `${rule.served.table}\u0000${rule.profileNo}`;
    const group = groups.get(key) ?? { served: rule.served, profileNo: rule.profileNo, rules: [], existing: [] };
    group.rules.push(rule);
    groups.set(key, group);
  }
  return [...groups.values()];
}

async function checkProfiles(deps: TrackingApiDeps, human: Human, groups: readonly Group[]): Promise<void> {
  for (const profileNo of new Set(groups.map((g) => g.profileNo))) {
    if (profileNo === human.currentProfileNo) continue;
    if (!(await deps.stores.profiles.get(human.id, profileNo))) throw new LookoutError('NOT_FOUND', PROFILE_NOT_FOUND, { profile: profileNo });
  }
}

function checkUids(group: Group): void {
  const known = new Set(group.existing.map((r) => r.uid));
  const missing = group.rules.find((r) => r.uid !== undefined && !known.has(r.uid));
  if (missing) throw new LookoutError('NOT_FOUND', `uid ${missing.uid} is not a ${group.served.api.type} rule of profile ${group.profileNo}`, { uid: missing.uid });
}

async function writeGroup(deps: TrackingApiDeps, human: Human, group: Group, changes: RuleChange[], newUids: number[]): Promise<{ present: number; updated: number }> {
  const { table } = group.served;
  const store = deps.stores.rules;
  let updated = 0;
  const explicit = group.rules.filter((r) => r.uid !== undefined);
  for (const rule of explicit) {
    await store.update(table, rule.uid!, rule.columns);
    const before = group.existing.find((r) => r.uid === rule.uid)!;
    changes.push({ kind: 'Updated', table, row: { ...before, ...rule.columns } });
    updated++;
  }
  const overwritten = new Set(explicit.map((r) => r.uid));
  const wanted: RuleColumns[] = group.rules.filter((r) => r.uid === undefined).map((r) => r.columns);
  const plan = planRules(wanted, group.existing.filter((r) => !overwritten.has(r.uid)), new Set(group.served.api.updatable ?? DEFAULT_UPDATABLE));
  for (const update of plan.updates) {
    await store.update(table, update.uid, update.patch);
    changes.push({ kind: 'Updated', table, row: update.after });
  }
  const inserted = await store.insert(table, plan.inserts.map((columns) => ({ ...columns, ping: '', id: human.id, profile_no: group.profileNo })));
  for (const row of inserted) {
    newUids.push(row.uid);
    changes.push({ kind: 'New', table, row });
  }
  for (const row of plan.unchanged) changes.push({ kind: 'Unchanged', table, row });
  return { present: plan.unchanged.length, updated: updated + plan.updates.length };
}

export async function writeRules(deps: TrackingApiDeps, human: Human, prepared: readonly PreparedRule[]): Promise<WriteResult> {
  const groups = groupsOf(prepared);
  await checkProfiles(deps, human, groups);
  for (const group of groups) {
    group.existing = await deps.stores.rules.list(group.served.table, human.id, group.profileNo);
    checkUids(group);
  }
  const changes: RuleChange[] = [];
  const newUids: number[] = [];
  let alreadyPresent = 0;
  let updates = 0;
  for (const group of groups) {
    const counts = await writeGroup(deps, human, group, changes, newUids);
    alreadyPresent += counts.present;
    updates += counts.updated;
  }
  return { newUids, alreadyPresent, updates, inserts: newUids.length, changes };
}
