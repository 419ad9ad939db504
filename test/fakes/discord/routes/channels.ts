/**
 * Fake REST routes for guild channels and categories: create (`POST /guilds/:id/channels`), list, read, edit
 * (`PATCH /channels/:id`), delete (a channel's threads go with it, a category's channels move to the top), and
 * permission overwrites (`PUT|DELETE /channels/:id/permissions/:oid`). Text channel names are stored as Discord
 * stores them (storedChannelName). Changes are dispatched to the gateway (CHANNEL_CREATE/UPDATE/DELETE, THREAD_UPDATE/DELETE for threads).
 */
import { objectBody, optionalArray, optionalBitfield, optionalNumber, optionalString, requiredString, type Body } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError, invalidFormBody } from '../errors.ts';
import { channelJson } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import { CHANNEL_TYPES, isThread, type FakeChannel, type FakeGuild, type PermissionOverwrite } from '../state.ts';
import { isSnowflake } from '../snowflake.ts';
import { channelOf } from './messages.ts';

const GUILD_CHANNEL_TYPES: ReadonlySet<number> = new Set([CHANNEL_TYPES.text, CHANNEL_TYPES.voice, CHANNEL_TYPES.category, CHANNEL_TYPES.announcement]);

export function guildOf(ctx: RouteContext): FakeGuild {
  const guild = ctx.state.guilds.get(ctx.params.guildId!);
  if (!guild) throw new FakeApiError(DISCORD_ERRORS.unknownGuild);
  return guild;
}

function overwriteOf(value: unknown, member: string, id?: string): PermissionOverwrite {
  const body = objectBody(value);
  const overwriteId = id ?? body.id;
  if (!isSnowflake(overwriteId)) throw invalidFormBody(`${member}.id`, 'value is not a snowflake');
  const type = body.type;
  if (type !== 0 && type !== 1) throw invalidFormBody(`${member}.type`, 'must be 0 (role) or 1 (member)');
  return { id: overwriteId, type, allow: optionalBitfield(body, 'allow') ?? '0', deny: optionalBitfield(body, 'deny') ?? '0' };
}

function parentOf(ctx: RouteContext, guildId: string | null, body: Body): string | null | undefined {
  const parentId = body.parent_id;
  if (parentId === undefined) return undefined;
  if (parentId === null) return null;
  const parent = typeof parentId === 'string' ? ctx.state.channels.get(parentId) : undefined;
  if (!parent || parent.guildId !== guildId || parent.type !== CHANNEL_TYPES.category) throw invalidFormBody('parent_id', 'not a category of this guild');
  return parent.id;
}

function applyOverwrites(channel: FakeChannel, body: Body): void {
  const overwrites = optionalArray(body, 'permission_overwrites', 100);
  if (!overwrites) return;
  channel.overwrites.clear();
  overwrites.forEach((o, i) => {
    const overwrite = overwriteOf(o, `permission_overwrites.${i}`);
    channel.overwrites.set(overwrite.id, overwrite);
  });
}

/**
 * How Discord stores a text or announcement channel's name: lower-case, whitespace as `-`, other punctuation but
 * `_` and `-` dropped (`Old Town (N)` → `old-town-n`); other channels keep the name as given.
 */
export function storedChannelName(type: number, name: string): string {
  if (type !== CHANNEL_TYPES.text && type !== CHANNEL_TYPES.announcement) return name;
  return name.trim().toLowerCase().split(/\s+/).join('-').replace(/[^\p{L}\p{N}_-]/gu, '');
}

function eventOf(channel: FakeChannel, change: 'CREATE' | 'UPDATE' | 'DELETE'): string {
  return `${isThread(channel) ? 'THREAD' : 'CHANNEL'}_${change}`;
}

export const channelRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    pattern: '/guilds/:guildId/channels',
    handle: (ctx) => {
      const guild = guildOf(ctx);
      const channels = [...ctx.state.channels.values()].filter((c) => c.guildId === guild.id && !isThread(c));
      return { status: 200, body: channels.map((c) => channelJson(c, ctx.state)) };
    },
  },
  {
    method: 'POST',
    pattern: '/guilds/:guildId/channels',
    handle: (ctx) => {
      const guild = guildOf(ctx);
      const body = objectBody(ctx.body);
      const type = optionalNumber(body, 'type') ?? CHANNEL_TYPES.text;
      if (!GUILD_CHANNEL_TYPES.has(type)) throw invalidFormBody('type', `value ${type} is not a guild channel type`);
      const parentId = parentOf(ctx, guild.id, body);
      if (type === CHANNEL_TYPES.category && parentId) throw invalidFormBody('parent_id', 'a category cannot have a parent');
      const channel = ctx.state.addChannel({ guildId: guild.id, type, name: storedChannelName(type, requiredString(body, 'name', 100)), parentId: parentId ?? null, topic: optionalString(body, 'topic', 1024) ?? null });
      applyOverwrites(channel, body);
      ctx.gateway.dispatch('CHANNEL_CREATE', channelJson(channel, ctx.state));
      return { status: 201, body: channelJson(channel, ctx.state) };
    },
  },
  { method: 'GET', pattern: '/channels/:channelId', handle: (ctx) => ({ status: 200, body: channelJson(channelOf(ctx), ctx.state) }) },
  {
    method: 'PATCH',
    pattern: '/channels/:channelId',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const body = objectBody(ctx.body);
      const name = optionalString(body, 'name', 100);
      if (name !== undefined) channel.name = storedChannelName(channel.type, name);
      if ('topic' in body) channel.topic = optionalString(body, 'topic', 1024) ?? null;
      const parentId = parentOf(ctx, channel.guildId, body);
      if (parentId !== undefined) channel.parentId = parentId;
      channel.position = optionalNumber(body, 'position') ?? channel.position;
      if (typeof body.archived === 'boolean') channel.archived = body.archived;
      if (typeof body.locked === 'boolean') channel.locked = body.locked;
      channel.autoArchiveMinutes = optionalNumber(body, 'auto_archive_duration') ?? channel.autoArchiveMinutes;
      applyOverwrites(channel, body);
      ctx.gateway.dispatch(eventOf(channel, 'UPDATE'), channelJson(channel, ctx.state));
      return { status: 200, body: channelJson(channel, ctx.state) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channelId',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const json = channelJson(channel, ctx.state);
      ctx.state.channels.delete(channel.id);
      for (const [id, webhook] of ctx.state.webhooks) if (webhook.channelId === channel.id) ctx.state.webhooks.delete(id);
      ctx.gateway.dispatch(eventOf(channel, 'DELETE'), json);
      for (const child of [...ctx.state.channels.values()].filter((c) => c.parentId === channel.id)) {
        if (isThread(child)) {
          // a channel's threads go with it
          ctx.state.channels.delete(child.id);
          ctx.gateway.dispatch('THREAD_DELETE', { id: child.id, guild_id: child.guildId, parent_id: channel.id, type: child.type });
        } else {
          // a category's channels move to the top of the guild
          child.parentId = null;
          ctx.gateway.dispatch('CHANNEL_UPDATE', channelJson(child, ctx.state));
        }
      }
      return { status: 200, body: json };
    },
  },
  {
    method: 'PUT',
    pattern: '/channels/:channelId/permissions/:overwriteId',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      if (channel.guildId === null) throw new FakeApiError({ status: 400, code: 50024, message: 'Cannot execute action on this channel type' });
      const overwrite = overwriteOf(ctx.body, 'body', ctx.params.overwriteId!);
      channel.overwrites.set(overwrite.id, overwrite);
      ctx.gateway.dispatch(eventOf(channel, 'UPDATE'), channelJson(channel, ctx.state));
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channelId/permissions/:overwriteId',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      channel.overwrites.delete(ctx.params.overwriteId!);
      return { status: 204 };
    },
  },
];
