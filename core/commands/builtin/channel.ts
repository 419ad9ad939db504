/**
 * `channel add|remove` (admins): registers the place where it is typed — a Discord channel or thread, a Telegram
 * group or channel, or, typed in a Telegram forum topic, that topic (`place.part`) — as a human of its type with
 * profile 1, so rules can be added there; `remove` unregisters it with its rules, profiles and locations.
 * `add name:<name> <url>` registers a webhook by its URL instead (`remove name:<name>` removes it). Options:
 * `language:<code>`, `area:<name>` (a geofence, repeatable). Already registered / not registered → 👌.
 */
import { DEFAULT_PROFILE_NAME } from '../../model.ts';
import { done, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';

const WEBHOOK_TYPE = 'webhook';

interface Registration {
  readonly id: string;
  readonly name: string;
  readonly type: string;
}

interface Options {
  readonly webhookName: string | null;
  readonly url: string | null;
  readonly language: string | null;
  readonly areas: readonly string[];
}

function options(invocation: CommandInvocation): Options {
  let webhookName: string | null = null;
  let url: string | null = null;
  let language: string | null = null;
  const areas: string[] = [];
  for (const raw of invocation.rawArgs.slice(1)) {
    const [key, ...rest] = raw.split(':');
    const value = rest.join(':').trim();
    if (/^https?:\/\//i.test(raw)) url = raw;
    else if (key?.toLowerCase() === 'name' && value) webhookName = value;
    else if (key?.toLowerCase() === 'language' && value) language = value.toLowerCase();
    else if (key?.toLowerCase() === 'area' && value) areas.push(value.toLowerCase());
  }
  return { webhookName, url, language, areas };
}

/** What `channel` acts on here: a webhook named in the arguments, the place's part (a topic), or the place. */
async function registrationOf(invocation: CommandInvocation, o: Options): Promise<Registration | CommandReply> {
  const { place } = invocation.incoming;
  if (o.webhookName !== null) {
    if (o.url !== null) return { id: o.url, name: o.webhookName, type: WEBHOOK_TYPE };
    const named = (await invocation.services.stores.humans.list({ type: WEBHOOK_TYPE })).find((h) => h.name.toLowerCase() === o.webhookName!.toLowerCase());
    return named ? { id: named.id, name: named.name, type: WEBHOOK_TYPE } : refused(invocation.t(TEXTS.channelWebhookUnknown, { name: o.webhookName }));
  }
  if (place.kind === 'dm') return refused(invocation.t(TEXTS.channelNotHere, { prefix: invocation.prefix }));
  const here = place.part ?? place;
  return { id: here.id, name: here.name, type: here.humanType };
}

async function add(invocation: CommandInvocation, at: Registration, o: Options): Promise<CommandReply[]> {
  const { humans, profiles } = invocation.services.stores;
  if (await humans.get(at.id)) return [unchanged(invocation.t(TEXTS.channelKnown, { name: at.name }))];
  const known = new Set(invocation.services.geofences().fences.map((f) => f.name.toLowerCase()));
  const unknown = o.areas.filter((a) => !known.has(a));
  if (unknown.length > 0) return [refused(invocation.t(TEXTS.channelUnknownAreas, { areas: unknown.join(', ') }))];
  await humans.create({ id: at.id, type: at.type, name: at.name, enabled: true, currentProfileNo: 1, language: o.language, area: [...o.areas] });
  if (!(await profiles.get(at.id, 1))) await profiles.create({ id: at.id, name: DEFAULT_PROFILE_NAME, profileNo: 1 });
  return [done(invocation.t(TEXTS.channelAdded, { name: at.name, prefix: invocation.prefix }))];
}

async function remove(invocation: CommandInvocation, at: Registration): Promise<CommandReply[]> {
  if (!(await invocation.services.stores.humans.delete(at.id))) return [unchanged(invocation.t(TEXTS.channelNotKnown, { name: at.name }))];
  return [done(invocation.t(TEXTS.unregistered, { name: at.name }))];
}

export const channelCommand: CommandDefinition = {
  name: 'channel',
  adminOnly: true,
  allowUnregistered: true,
  ownsTargetArgs: true,
  async run(invocation) {
    const action = invocation.args[0];
    if (action !== 'add' && action !== 'remove') return [refused(invocation.t(TEXTS.channelUsage, { prefix: invocation.prefix }))];
    const o = options(invocation);
    const at = await registrationOf(invocation, o);
    if (!('id' in at)) return [at];
    return action === 'add' ? add(invocation, at, o) : remove(invocation, at);
  },
};
