/**
 * The `track` command: parses the arguments into `monsters` rules, compares them with the target's rules of
 * the current profile, writes what is new or updated and answers with the changes and any warnings (a named
 * template the DTS lacks refuses a non-admin's command, see core/commands/tracking/template-check.ts).
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { Human } from '../../../core/model.ts';
import { MONSTERS_TABLE } from '../rule.ts';
import type { MonsterDraft } from './columns.ts';
import { diffRules, type RuleChanges } from './diff.ts';
import { checkTemplates, message, type Message } from '../../../core/commands/tracking/index.ts';
import { trackParseOptions } from './options.ts';
import { describeContext, draftRow, listOrSummary, REACTION, refusal, ruleLine, trackWarnings, translate } from './replies.ts';
import { parseTrack } from './track-parse.ts';
import { removeMonsterRules } from './untrack.ts';

/** The DTS alert types `monsters` rules render as (with and without IV): `template<N>` must exist for one. */
const MONSTER_ALERT_TYPES = ['monster', 'monsterNoIv'];

async function saveChanges(inv: CommandInvocation, target: Human, changes: RuleChanges): Promise<void> {
  const store = inv.services.stores.rules;
  if (changes.inserts.length > 0) {
    await store.insert(MONSTERS_TABLE, changes.inserts.map((rule) => ({ ...rule, id: target.id, profile_no: target.currentProfileNo })));
  }
  for (const update of changes.updates) await store.update(MONSTERS_TABLE, update.uid, update.patch);
}

function changeReply(inv: CommandInvocation, target: Human, changes: RuleChanges, notes: readonly Message[]): CommandReply {
  const ctx = describeContext(inv);
  const line = (label: string, rule: MonsterDraft, uid?: number): string => inv.t(label, { rule: ruleLine(draftRow(rule, target, uid), ctx) });
  const changed = [...changes.inserts.map((r) => line('New: {rule}', r)), ...changes.updates.map((u) => line('Updated: {rule}', u.rule, u.uid))];
  const unchanged = changes.unchanged.map((u) => line('Unchanged: {rule}', u.rule, u.uid));
  const summary = translate(inv, message('I have made a lot of changes. See {prefix}tracked for details'));
  const wanted = [...changes.inserts, ...changes.updates.map((u) => u.rule), ...changes.unchanged.map((u) => u.rule)];
  const extra = [...notes, ...trackWarnings(target, wanted)].map((m) => translate(inv, m));
  if (changed.length === 0) return { reaction: REACTION.unchanged, text: [...listOrSummary(unchanged, inv.t('Nothing changed')), ...extra].join('\n') };
  return { reaction: REACTION.done, text: [...listOrSummary([...changed, ...unchanged], summary), ...extra].join('\n') };
}

export const trackCommand: CommandDefinition = {
  name: 'track',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusal(inv, message('You are not registered. Please register first.'))];
    const parsed = parseTrack(inv.args, inv.rawArgs, await trackParseOptions(inv, target));
    if (!parsed.ok) return [refusal(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') return removeMonsterRules(inv, target, request.args, request.rawArgs, true);
    const templates = checkTemplates(inv, target, MONSTER_ALERT_TYPES, request.rules);
    if (!templates.ok) return [templates.reply];

    const existing = await inv.services.stores.rules.list(MONSTERS_TABLE, target.id, target.currentProfileNo);
    const changes = diffRules(request.rules, existing);
    await saveChanges(inv, target, changes);
    inv.services.log.info(
      { command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, inserted: changes.inserts.length, updated: changes.updates.length, unchanged: changes.unchanged.length },
      'monster rules tracked',
    );
    return [changeReply(inv, target, changes, [...request.notes, ...templates.notes])];
  },
};
