/**
 * `community` (admins): a registration's communities ([area_security]) — `community list` names the configured
 * ones; `community add <name> <ids…>`, `community remove <name> <ids…>` and `community clear <ids…>` change the
 * targets' `community_membership` and the `area_restriction` derived from it (their communities' location fences);
 * `community show [ids…]` (or just `community`) shows them. Targets are ids or mentions; without any, the command's
 * own target (a channel, a webhook named with `name:`) — never silently the admin's own user registration for a
 * change.
 */
import { addCommunity, communityNamed, locationRestriction, removeCommunity } from '../../membership/index.ts';
import type { Human } from '../../model.ts';
import { done, listing, refused, unchanged } from '../replies.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';

export const COMMUNITY_TEXTS = {
  usage: 'Use {prefix}community list | add <community> <ids…> | remove <community> <ids…> | clear <ids…> | show [ids…]',
  none: 'No communities are configured ([[area_security.communities]]).',
  valid: 'Communities:',
  unknown: 'There is no community called `{name}`. {prefix}community list shows them.',
  noTargets: 'Name the registrations to change by id or mention, e.g. {prefix}community {verb} {example}',
  added: 'Added community {community} to {id} {name}',
  removed: 'Removed community {community} from {id} {name}',
  cleared: 'Cleared the communities of {id} {name}',
  shown: '{id} {name}: communities {communities}, location restriction {restriction}',
  notRegistered: '{id} is not registered',
} as const;

const ID = /^<@!?(\d+)>$|^(-?\d+)$/;

/** Ids typed as arguments or as mentions (which the framework moves into `ping`). */
function idsOf(invocation: CommandInvocation, args: readonly string[]): string[] {
  const words = [...args, ...invocation.ping.split(/\s+/).filter((w) => w !== '')];
  return [...new Set(words.flatMap((w) => {
    const m = ID.exec(w);
    return m ? [m[1] ?? m[2]!] : [];
  }))];
}

/** The targets: the ids given, else the command's target unless it is a user (a change needs a named user). */
function targetsOf(invocation: CommandInvocation, args: readonly string[], forChange: boolean): string[] {
  const ids = idsOf(invocation, args);
  if (ids.length > 0) return ids;
  const target = invocation.target;
  if (!target || (forChange && target.type.endsWith(':user'))) return [];
  return [target.id];
}

async function eachTarget(invocation: CommandInvocation, ids: readonly string[], act: (human: Human) => Promise<string>): Promise<CommandReply[]> {
  const lines: string[] = [];
  for (const id of ids) {
    const human = await invocation.services.stores.humans.get(id);
    lines.push(human ? await act(human) : invocation.t(COMMUNITY_TEXTS.notRegistered, { id }));
  }
  return lines.length > 0 ? listing(lines, '✅') : [unchanged()];
}

async function change(invocation: CommandInvocation, verb: 'add' | 'remove' | 'clear', rest: readonly string[]): Promise<CommandReply[]> {
  const { t, prefix } = invocation;
  const security = invocation.services.config.area_security;
  const [name, ...targetArgs] = verb === 'clear' ? ['', ...rest] : rest;
  if (verb !== 'clear' && (name === undefined || name === '')) return [refused(t(COMMUNITY_TEXTS.usage, { prefix }))];
  if (verb !== 'clear' && !communityNamed(security, name!)) return [refused(t(COMMUNITY_TEXTS.unknown, { name: name!, prefix }))];
  const ids = targetsOf(invocation, targetArgs, true);
  if (ids.length === 0) return [refused(t(COMMUNITY_TEXTS.noTargets, { prefix, verb: verb === 'clear' ? 'clear' : `${verb} ${name}`, example: invocation.incoming.sender.id }))];
  const community = (name ?? '').toLowerCase();
  return eachTarget(invocation, ids, async (human) => {
    const membership = verb === 'add' ? addCommunity(security, human.communityMembership, community) : verb === 'remove' ? removeCommunity(security, human.communityMembership, community) : [];
    await invocation.services.stores.humans.update(human.id, { communityMembership: membership, areaRestriction: verb === 'clear' ? null : locationRestriction(security, membership) });
    const text = verb === 'add' ? COMMUNITY_TEXTS.added : verb === 'remove' ? COMMUNITY_TEXTS.removed : COMMUNITY_TEXTS.cleared;
    return t(text, { community, id: human.id, name: human.name });
  });
}

async function show(invocation: CommandInvocation, rest: readonly string[]): Promise<CommandReply[]> {
  const ids = targetsOf(invocation, rest, false);
  if (ids.length === 0) return [refused(invocation.t(COMMUNITY_TEXTS.noTargets, { prefix: invocation.prefix, verb: 'show', example: invocation.incoming.sender.id }))];
  return eachTarget(invocation, ids, async (human) =>
    invocation.t(COMMUNITY_TEXTS.shown, { id: human.id, name: human.name, communities: JSON.stringify(human.communityMembership), restriction: human.areaRestriction ? JSON.stringify(human.areaRestriction) : 'none' }),
  );
}

function list(invocation: CommandInvocation): CommandReply[] {
  const names = invocation.services.config.area_security.communities.map((c) => c.name.toLowerCase().replace(/ /g, '_'));
  return names.length === 0 ? [{ text: invocation.t(COMMUNITY_TEXTS.none) }] : listing([invocation.t(COMMUNITY_TEXTS.valid), ...names]);
}

export const communityCommand: CommandDefinition = {
  name: 'community',
  adminOnly: true,
  allowUnregistered: true,
  async run(invocation) {
    const [sub, ...rest] = invocation.args;
    if (sub === undefined) return show(invocation, []);
    if (sub === 'list') return list(invocation);
    if (sub === 'add' || sub === 'remove' || sub === 'clear') return change(invocation, sub, rest);
    if (sub === 'show') return show(invocation, rest);
    return [refused(invocation.t(COMMUNITY_TEXTS.usage, { prefix: invocation.prefix }))];
  },
};
