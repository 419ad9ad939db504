/**
 * The `nest` command: writes `nests` rules for the target's current profile (or, with `remove` / `id:`,
 * deletes them) and answers with the changes and any warnings, as every tracking command does.
 */
import type { CommandDefinition, CommandInvocation, CommandReply, DescribeContext, Human, TrackingRow } from '../../../core/contract.ts';
import { checkTemplates, message, type Message } from '../../../core/commands/tracking/index.ts';
import { intColumn } from '../../../core/match/index.ts';
import { NESTS_TABLE } from '../rule.ts';
import { describeNestOverride, describeNestRule } from './describe.ts';
import { diffNestRules, type NestDraft, type RuleChanges } from './draft.ts';
import { parseNestCommand, type NestRequest } from './parse.ts';

const REACTION = { done: '✅', unchanged: '👌', refused: '🙅' } as const;
/** More lines than this are replaced by one summary line. */
const MAX_LISTED_RULES = 20;

function translate(inv: CommandInvocation, m: Message): string {
  return inv.t(m.text, { prefix: inv.prefix, ...m.vars });
}

function refusal(inv: CommandInvocation, m: Message): CommandReply {
  return { reaction: REACTION.refused, text: translate(inv, m) };
}

function describeContext(inv: CommandInvocation): DescribeContext {
  return { language: inv.language, gameData: inv.services.gameData(), t: (text, vars) => inv.t(text, vars) };
}

function line(row: TrackingRow, ctx: DescribeContext): string {
  return describeNestRule(row, ctx) + describeNestOverride(row, ctx);
}

function rowOf(rule: NestDraft, target: Human, uid = 0): TrackingRow {
  return { ...rule, uid, id: target.id, profile_no: target.currentProfileNo };
}

function listOrSummary(lines: readonly string[], summary: string): string[] {
  return lines.length > MAX_LISTED_RULES ? [summary] : [...lines];
}

/** Warnings for rules that were saved but may never alert. */
function warnings(target: Human, rules: readonly NestDraft[]): Message[] {
  const found: Message[] = [];
  if (!target.enabled) found.push(message('Your alerts are currently paused. Use {prefix}start to resume them'));
  if (target.latitude === 0 && target.longitude === 0 && rules.some((r) => r.distance > 0 && r.override_location_label === null)) {
    found.push(message('You are tracking by distance but have no location set. Use {prefix}location to set one'));
  }
  if (target.area.length === 0 && rules.some((r) => r.distance === 0 && r.override_areas === null)) {
    found.push(message('You are tracking by area but have no areas set. Use {prefix}area add to choose some'));
  }
  return found;
}

async function save(inv: CommandInvocation, target: Human, changes: RuleChanges): Promise<void> {
  const store = inv.services.stores.rules;
  if (changes.inserts.length > 0) await store.insert(NESTS_TABLE, changes.inserts.map((r) => ({ ...r, id: target.id, profile_no: target.currentProfileNo })));
  for (const update of changes.updates) await store.update(NESTS_TABLE, update.uid, update.patch);
}

async function track(inv: CommandInvocation, target: Human, rules: readonly NestDraft[], notes: readonly Message[]): Promise<CommandReply> {
  const existing = await inv.services.stores.rules.list(NESTS_TABLE, target.id, target.currentProfileNo);
  const changes = diffNestRules(rules, existing);
  await save(inv, target, changes);
  inv.services.log.info(
    { command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, inserted: changes.inserts.length, updated: changes.updates.length },
    'nest rules tracked',
  );
  const ctx = describeContext(inv);
  const say = (label: string, rule: NestDraft, uid?: number) => inv.t(label, { rule: line(rowOf(rule, target, uid), ctx) });
  const changed = [...changes.inserts.map((r) => say('New: {rule}', r)), ...changes.updates.map((u) => say('Updated: {rule}', u.rule, u.uid))];
  const unchanged = changes.unchanged.map((u) => say('Unchanged: {rule}', u.rule, u.uid));
  const extra = [...notes, ...warnings(target, rules)].map((m) => translate(inv, m));
  if (changed.length === 0) return { reaction: REACTION.unchanged, text: [...listOrSummary(unchanged, inv.t('Nothing changed')), ...extra].join('\n') };
  const summary = translate(inv, message('I have made a lot of changes. See {prefix}tracked for details'));
  return { reaction: REACTION.done, text: [...listOrSummary([...changed, ...unchanged], summary), ...extra].join('\n') };
}

function doomedRows(request: Extract<NestRequest, { kind: 'remove' }>, rows: readonly TrackingRow[]): TrackingRow[] {
  return rows.filter((row) => {
    if (request.all || request.uids.includes(row.uid)) return true;
    const id = intColumn(row, 'pokemon_id', 0);
    const form = intColumn(row, 'form', 0);
    return request.picks.some((p) => p.pokemonId === id && (p.form === 0 || p.form === form));
  });
}

async function remove(inv: CommandInvocation, target: Human, request: Extract<NestRequest, { kind: 'remove' }>): Promise<CommandReply> {
  const store = inv.services.stores.rules;
  const rows = await store.list(NESTS_TABLE, target.id, target.currentProfileNo);
  const doomed = doomedRows(request, rows);
  const removed = doomed.length > 0 ? await store.deleteByUid(NESTS_TABLE, target.id, doomed.map((r) => r.uid)) : 0;
  inv.services.log.info({ command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, removed }, 'nest rules removed');
  const ctx = describeContext(inv);
  const lines = listOrSummary(
    doomed.map((row) => inv.t('Removed: {rule}', { rule: line(row, ctx) })),
    inv.t('Removed {count} tracking rules', { count: removed }),
  );
  const missing = request.uids.filter((uid) => !rows.some((r) => r.uid === uid)).map((uid) => inv.t('id:{uid} not found', { uid }));
  if (removed === 0) return { reaction: REACTION.unchanged, text: [inv.t('Nothing to remove'), ...missing].join('\n') };
  return { reaction: REACTION.done, text: [...lines, ...missing].join('\n') };
}

export const nestCommand: CommandDefinition = {
  name: 'nest',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusal(inv, message('You are not registered. Please register first.'))];
    const locations = await inv.services.stores.locations.list(target.id);
    const parsed = parseNestCommand(inv.args, inv.rawArgs, {
      gameData: inv.services.gameData(),
      language: inv.language,
      tracking: inv.services.config.tracking,
      areaNames: new Set(inv.services.geofences().fences.map((f) => f.name.toLowerCase())),
      locationLabels: locations.map((l) => l.label),
      ping: inv.ping,
    });
    if (!parsed.ok) return [refusal(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') return [await remove(inv, target, request)];
    const templates = checkTemplates(inv, target, ['nest'], request.rules);
    if (!templates.ok) return [templates.reply];
    return [await track(inv, target, request.rules, [...request.notes, ...templates.notes])];
  },
};
