/**
 * What `track` and `untrack` answer: the list of changed rules (summarised past 20 lines), the warnings that
 * go with a saved rule (alerts paused, distance without a location, areas without any area), and refusals.
 */
import type { CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import type { MonsterDraft } from './columns.ts';
import { describeMonsterRule, describeOverride } from './describe.ts';
import { message, type Message } from '../../../core/commands/tracking/index.ts';

/** More lines than this are replaced by one summary line. */
export const MAX_LISTED_RULES = 20;

export const REACTION = { done: '✅', unchanged: '👌', refused: '🙅' } as const;

/** Translates a message; `{prefix}` is always available. */
export function translate(inv: CommandInvocation, m: Message): string {
  return inv.t(m.text, { prefix: inv.prefix, ...m.vars });
}

export function refusal(inv: CommandInvocation, m: Message): CommandReply {
  return { reaction: REACTION.refused, text: translate(inv, m) };
}

export function describeContext(inv: CommandInvocation): DescribeContext {
  return { language: inv.language, gameData: inv.services.gameData(), t: (text, vars) => inv.t(text, vars) };
}

/** A rule's line as the replies show it: the description plus its location or area override. */
export function ruleLine(row: TrackingRow, ctx: DescribeContext): string {
  return describeMonsterRule(row, ctx) + describeOverride(row, ctx.t);
}

/** A draft as a row of the target (for describing it before it has a uid). */
export function draftRow(rule: MonsterDraft, human: Human, uid = 0): TrackingRow {
  return { ...rule, uid, id: human.id, profile_no: human.currentProfileNo };
}

/** `lines`, or the summary when there are too many of them. */
export function listOrSummary(lines: readonly string[], summary: string): string[] {
  return lines.length > MAX_LISTED_RULES ? [summary] : [...lines];
}

/** Warnings for rules that were saved but may never alert. */
export function trackWarnings(human: Human, rules: readonly MonsterDraft[]): Message[] {
  const warnings: Message[] = [];
  if (!human.enabled) warnings.push(message('Your alerts are currently paused. Use {prefix}start to resume them'));
  const hasLocation = !(human.latitude === 0 && human.longitude === 0);
  if (!hasLocation && rules.some((r) => r.distance > 0 && r.override_location_label === null)) {
    warnings.push(message('You are tracking by distance but have no location set. Use {prefix}location to set one'));
  }
  if (human.area.length === 0 && rules.some((r) => r.distance === 0 && r.override_areas === null)) {
    warnings.push(message('You are tracking by area but have no areas set. Use {prefix}area add to choose some'));
  }
  return warnings;
}
