/**
 * The `summary` command (PoracleNG's): `summary quest` shows the target's schedule, the zone it is read in and how
 * many quests are held; `summary quest settime <times…>` replaces the schedule (settime.ts); `summary quest
 * cleartime` removes it (quests are still held, `now` sends them); `summary quest now` sends the digest at once.
 * Quests are held by the target's rules with `summary` (`quest pikachu summary`).
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import { done, refused, unchanged } from '../../../core/commands/replies.ts';
import type { Human } from '../../../core/model.ts';
import { formatActiveHours, localMoment, parseActiveHours } from '../summary/schedule.ts';
import { describeEntries, parseSettimeArgs } from './settime.ts';
import { QUEST_SUMMARY, type QuestSummary } from '../summary/service.ts';

const SUB_WORDS: Readonly<Record<string, 'settime' | 'cleartime' | 'now'>> = { settime: 'settime', cleartime: 'cleartime', now: 'now' };

const pad = (n: number): string => String(n).padStart(2, '0');

function usage(inv: CommandInvocation): CommandReply {
  return refused(
    inv.t(
      'Use `{prefix}summary quest` to see your quest summary, `{prefix}summary quest settime mon07:30 weekday:9-17/2` to schedule it, `{prefix}summary quest cleartime` to remove the schedule and `{prefix}summary quest now` to receive it now. `{prefix}help summary` explains more.',
      { prefix: inv.prefix },
    ),
  );
}

async function status(inv: CommandInvocation, target: Human, summary: QuestSummary): Promise<CommandReply[]> {
  const row = await summary.schedules.get(target.id, QUEST_SUMMARY);
  const entries = row ? safeEntries(row.activeHours) : [];
  const lines: string[] = [];
  if (entries.length > 0) {
    lines.push(inv.t('Your quest summary is sent: {times}', { times: describeEntries(entries, (text) => inv.t(text)) }));
    const zone = summary.zoneFor(target);
    const here = localMoment(summary.now(), zone);
    lines.push(inv.t('Times are read in {zone} (now {time}).', { zone, time: `${pad(here.hour)}:${pad(here.minute)}` }));
  } else lines.push(inv.t('Your quest summary has no schedule.'));
  const held = summary.buffer.countFor(target.id);
  lines.push(held === 0 ? inv.t('No quests are held for your quest summary.') : inv.t('{count} quests are held for your quest summary; `{prefix}summary quest now` sends them now.', { count: held, prefix: inv.prefix }));
  return [{ text: lines.join('\n') }];
}

function safeEntries(text: string): ReturnType<typeof parseActiveHours> {
  try {
    return parseActiveHours(text);
  } catch {
    return [];
  }
}

async function settime(inv: CommandInvocation, target: Human, summary: QuestSummary, args: readonly string[]): Promise<CommandReply[]> {
  if (args.length === 0) return [usage(inv)];
  const parsed = parseSettimeArgs(args);
  if (!parsed.ok) return [refused(inv.t(parsed.problem.text, parsed.problem.vars))];
  await summary.schedules.set(target.id, QUEST_SUMMARY, formatActiveHours(parsed.entries));
  return [done(inv.t('Your quest summary is now sent: {times}', { times: describeEntries(parsed.entries, (text) => inv.t(text)) }))];
}

async function cleartime(inv: CommandInvocation, target: Human, summary: QuestSummary): Promise<CommandReply[]> {
  const removed = await summary.schedules.delete(target.id, QUEST_SUMMARY);
  if (!removed) return [unchanged(inv.t('Your quest summary has no schedule.'))];
  return [done(inv.t('Your quest summary schedule is removed. Quests are still held; `{prefix}summary quest now` sends them.', { prefix: inv.prefix }))];
}

async function now(inv: CommandInvocation, target: Human, summary: QuestSummary): Promise<CommandReply[]> {
  if (summary.buffer.countFor(target.id) === 0) return [unchanged(inv.t('No quests are held for your quest summary.'))];
  const outcome = await summary.sendNow(target.id, 'command');
  if (outcome.sent > 0) return [done(inv.t('Your quest summary is on its way.'))];
  if (outcome.dropped === 'limit') return [refused(inv.t('You have received too many summaries lately; the held quests were dropped.'))];
  return [unchanged(inv.t('The held quests have ended; there is nothing to send.'))];
}

/** The command; `summary` is null when [tracking] quest_summary_enabled is off. */
export function summaryCommand(summary: QuestSummary | null): CommandDefinition {
  return {
    name: 'summary',
    async run(inv) {
      const target = inv.target;
      if (!target) return [refused(inv.t('You are not registered. Please register first.'))];
      if (!summary) return [refused(inv.t('Quest summaries are switched off on this server.'))];
      const [kind, sub, ...rest] = inv.args;
      if (kind !== QUEST_SUMMARY) return [usage(inv)];
      if (sub === undefined) return status(inv, target, summary);
      switch (SUB_WORDS[sub]) {
        case 'settime':
          return settime(inv, target, summary, rest);
        case 'cleartime':
          return cleartime(inv, target, summary);
        case 'now':
          return now(inv, target, summary);
        default:
          return [usage(inv)];
      }
    },
  };
}
