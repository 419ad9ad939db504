/**
 * `area`: the areas the target receives alerts in (humans.area, mirrored into the current profile).
 * `area list` (or no argument) lists the selectable geofences and marks the subscribed ones; `area add
 * <names…>` (or just `area <names…>`) subscribes, `area remove <names…>` unsubscribes. Names are the loaded
 * geofences a user may select (userSelectable not false; with [area_security] on, a community member's communities'
 * allowed_areas, else within the human's area restriction; admins acting are not limited), matched
 * case-insensitively; unknown names are reported.
 */
import { areaChoiceLimit } from '../../membership/index.ts';
import type { Human } from '../../model.ts';
import { done, listing, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';
import { matchAreaNames, selectableFences } from './area-names.ts';
import { saveAreas, targetOf } from './target-human.ts';

function selectableNames(invocation: CommandInvocation, human: Human): string[] {
  const limit = areaChoiceLimit(invocation.services.config.area_security, human, invocation.isAdmin);
  return selectableFences(invocation.services.geofences().fences, limit && [...limit]).map((f) => f.name);
}

function list(invocation: CommandInvocation, human: Human): CommandReply[] {
  const names = selectableNames(invocation, human).sort((a, b) => a.localeCompare(b));
  if (names.length === 0) return [{ text: invocation.t(TEXTS.areaListEmpty) }];
  const mine = new Set(human.area);
  return listing([invocation.t(TEXTS.areaListHeading), ...names.map((n) => `${mine.has(n.toLowerCase()) ? '✅' : '▫️'} ${n}`)]);
}

function unknownReply(invocation: CommandInvocation, unknown: readonly string[]): CommandReply[] {
  return unknown.length > 0 ? [refused(invocation.t(TEXTS.areasUnknown, { areas: unknown.join(', '), prefix: invocation.prefix }))] : [];
}

async function change(invocation: CommandInvocation, human: Human, words: readonly string[], adding: boolean): Promise<CommandReply[]> {
  const { t, prefix } = invocation;
  if (words.length === 0) return [refused(t(TEXTS.areasNoneGiven, { prefix }))];
  const known = adding ? selectableNames(invocation, human) : [...selectableNames(invocation, human), ...human.area];
  const { found, unknown } = matchAreaNames(words, known);
  const before = new Set(human.area);
  const changed = adding ? found.filter((a) => !before.has(a)) : found.filter((a) => before.has(a));
  if (changed.length === 0) return [...(found.length > 0 ? [unchanged(t(TEXTS.areasUnchanged))] : []), ...unknownReply(invocation, unknown)];
  const next = adding ? [...human.area, ...changed] : human.area.filter((a) => !changed.includes(a));
  await saveAreas(invocation, human, next);
  const summary = done(t(adding ? TEXTS.areasAdded : TEXTS.areasRemoved, { areas: changed.join(', ') }));
  return [summary, ...unknownReply(invocation, unknown)];
}

export const areaCommand: CommandDefinition = {
  name: 'area',
  async run(invocation) {
    const human = targetOf(invocation);
    const [sub, ...rest] = invocation.args;
    if (sub === undefined || sub === 'list') return list(invocation, human);
    if (sub === 'add') return change(invocation, human, rest, true);
    if (sub === 'remove' || sub === 'delete') return change(invocation, human, rest, false);
    return change(invocation, human, invocation.args, true);
  },
};
