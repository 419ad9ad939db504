/**
 * Fake REST routes for threads: start one in a channel (`POST /channels/:id/threads`, private unless told
 * otherwise) or from a message, add, read and remove members (`PUT|GET|DELETE /channels/:id/thread-members/:user`;
 * reading a non-member answers 10007 Unknown Member), list members, and the guild's active threads (`GET /guilds/:id/threads/active`).
 */
import { objectBody, optionalNumber, requiredString } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError, invalidFormBody } from '../errors.ts';
import { channelJson, type Json } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import { CHANNEL_TYPES, isThread, type FakeChannel } from '../state.ts';
import { guildOf } from './channels.ts';
import { channelOf } from './messages.ts';

const WRONG_CHANNEL_TYPE = { status: 400, code: 50024, message: 'Cannot execute action on this channel type' } as const;
const UNKNOWN_MEMBER = { status: 404, code: 10007, message: 'Unknown Member' } as const;
const ARCHIVE_MINUTES: ReadonlySet<number> = new Set([60, 1440, 4320, 10080]);

function threadOf(ctx: RouteContext): FakeChannel {
  const channel = channelOf(ctx);
  if (!isThread(channel)) throw new FakeApiError(WRONG_CHANNEL_TYPE);
  return channel;
}

function memberJson(thread: FakeChannel, userId: string): Json {
  return { id: thread.id, user_id: userId, join_timestamp: new Date().toISOString(), flags: 0 };
}

function startThread(ctx: RouteContext, type: number): FakeChannel {
  const parent = channelOf(ctx);
  if (parent.type !== CHANNEL_TYPES.text && parent.type !== CHANNEL_TYPES.announcement) throw new FakeApiError(WRONG_CHANNEL_TYPE);
  const body = objectBody(ctx.body);
  const archive = optionalNumber(body, 'auto_archive_duration') ?? 1440;
  if (!ARCHIVE_MINUTES.has(archive)) throw invalidFormBody('auto_archive_duration', 'must be 60, 1440, 4320 or 10080');
  const thread = ctx.state.addChannel({ guildId: parent.guildId!, type, name: requiredString(body, 'name', 100), parentId: parent.id, ownerId: ctx.bot!.id });
  thread.autoArchiveMinutes = archive;
  thread.threadMembers.add(ctx.bot!.id);
  ctx.gateway.dispatch('THREAD_CREATE', { ...channelJson(thread, ctx.state), newly_created: true });
  return thread;
}

export const threadRoutes: readonly RouteSpec[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/threads',
    handle: (ctx) => {
      const requested = optionalNumber(objectBody(ctx.body), 'type') ?? CHANNEL_TYPES.privateThread;
      if (requested !== CHANNEL_TYPES.publicThread && requested !== CHANNEL_TYPES.privateThread) throw invalidFormBody('type', 'must be 11 or 12');
      return { status: 201, body: channelJson(startThread(ctx, requested), ctx.state) };
    },
  },
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages/:messageId/threads',
    handle: (ctx) => {
      const message = ctx.state.messages.get(ctx.params.messageId!);
      if (!message || message.channelId !== ctx.params.channelId) throw new FakeApiError(DISCORD_ERRORS.unknownMessage);
      return { status: 201, body: channelJson(startThread(ctx, CHANNEL_TYPES.publicThread), ctx.state) };
    },
  },
  {
    method: 'PUT',
    pattern: '/channels/:channelId/thread-members/:userId',
    handle: (ctx) => {
      const thread = threadOf(ctx);
      const userId = ctx.params.userId === '@me' ? ctx.bot!.id : ctx.params.userId!;
      if (!ctx.state.users.has(userId)) throw new FakeApiError(DISCORD_ERRORS.unknownUser);
      thread.threadMembers.add(userId);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channelId/thread-members/:userId',
    handle: (ctx) => {
      const thread = threadOf(ctx);
      thread.threadMembers.delete(ctx.params.userId === '@me' ? ctx.bot!.id : ctx.params.userId!);
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/thread-members/:userId',
    handle: (ctx) => {
      const thread = threadOf(ctx);
      const userId = ctx.params.userId === '@me' ? ctx.bot!.id : ctx.params.userId!;
      if (!thread.threadMembers.has(userId)) throw new FakeApiError(UNKNOWN_MEMBER);
      return { status: 200, body: memberJson(thread, userId) };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/thread-members',
    handle: (ctx) => {
      const thread = threadOf(ctx);
      return { status: 200, body: [...thread.threadMembers].map((id) => memberJson(thread, id)) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/threads/active',
    handle: (ctx) => {
      const threads = ctx.state.threadsOf(guildOf(ctx).id).filter((t) => !t.archived);
      const members = threads.filter((t) => t.threadMembers.has(ctx.bot!.id)).map((t) => memberJson(t, ctx.bot!.id));
      return { status: 200, body: { threads: threads.map((t) => channelJson(t, ctx.state)), members } };
    },
  },
];
