/**
 * The `untrack` command: removes the target's `monsters` rules of the current profile by pokemon, type,
 * generation, `everything` or `id:<uid>` and lists what went. `track … remove` ends up here too.
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { Human } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { describeContext, listOrSummary, REACTION, refusal, ruleLine } from './replies.ts';
import { MONSTERS_TABLE } from '../rule.ts';
import { missingUids, parseUntrack, rowsToRemove } from './untrack-parse.ts';

/** Removes what `args` select; `fromTrack` accepts and ignores `track`'s rule filters among them. */
export async function removeMonsterRules(inv: CommandInvocation, target: Human, args: readonly string[], rawArgs: readonly string[], fromTrack: boolean): Promise<CommandReply[]> {
  const gameData = inv.services.gameData();
  const parsed = parseUntrack(args, rawArgs, { gameData, language: inv.language, ignoreTrackKeywords: fromTrack });
  if (!parsed.ok) return [refusal(inv, parsed.error)];
  const store = inv.services.stores.rules;
  const rows = await store.list(MONSTERS_TABLE, target.id, target.currentProfileNo);
  const doomed = rowsToRemove(parsed.value, rows, gameData);
  const removed = doomed.length > 0 ? await store.deleteByUid(MONSTERS_TABLE, target.id, doomed.map((r) => r.uid)) : 0;
  inv.services.log.info({ command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, removed }, 'monster rules removed');

  const ctx = describeContext(inv);
  const lines = listOrSummary(
    doomed.map((row) => inv.t('Removed: {rule}', { rule: ruleLine(row, ctx) })),
    inv.t('Removed {count} tracking rules', { count: removed }),
  );
  const missing = missingUids(parsed.value, rows).map((uid) => inv.t('id:{uid} not found', { uid }));
  if (removed === 0) return [{ reaction: REACTION.unchanged, text: [inv.t('Nothing to remove'), ...missing].join('\n') }];
  return [{ reaction: REACTION.done, text: [...lines, ...missing].join('\n') }];
}

export const untrackCommand: CommandDefinition = {
  name: 'untrack',
  async run(inv) {
    if (!inv.target) return [refusal(inv, message('You are not registered. Please register first.'))];
    return removeMonsterRules(inv, inv.target, inv.args, inv.rawArgs, false);
  },
};
