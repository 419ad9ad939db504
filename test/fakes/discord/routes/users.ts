/**
 * Fake REST routes about the bot and users: the gateway address (`GET /gateway/bot`), the bot's own user, users
 * by id, and opening a DM channel (`POST /users/@me/channels`).
 */
import { requiredSnowflake, objectBody } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError } from '../errors.ts';
import { channelJson, userJson } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import type { FakeUser } from '../state.ts';

function botOf(ctx: RouteContext): FakeUser {
  if (!ctx.bot) throw new FakeApiError(DISCORD_ERRORS.unauthorized);
  return ctx.bot;
}

export const userRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    pattern: '/gateway/bot',
    handle: (ctx) => ({
      status: 200,
      body: { url: ctx.gatewayUrl, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } },
    }),
  },
  { method: 'GET', pattern: '/gateway', auth: false, handle: (ctx) => ({ status: 200, body: { url: ctx.gatewayUrl } }) },
  { method: 'GET', pattern: '/users/@me', handle: (ctx) => ({ status: 200, body: { ...userJson(botOf(ctx)), verified: true, flags: 0 } }) },
  {
    method: 'GET',
    pattern: '/users/:userId',
    handle: (ctx) => {
      const user = ctx.state.users.get(ctx.params.userId!);
      if (!user) throw new FakeApiError(DISCORD_ERRORS.unknownUser);
      return { status: 200, body: userJson(user) };
    },
  },
  {
    method: 'POST',
    pattern: '/users/@me/channels',
    handle: (ctx) => {
      const recipientId = requiredSnowflake(objectBody(ctx.body), 'recipient_id');
      const user = ctx.state.users.get(recipientId);
      if (!user) throw new FakeApiError(DISCORD_ERRORS.unknownUser);
      return { status: 200, body: channelJson(ctx.state.dmChannel(botOf(ctx).id, user.id), ctx.state) };
    },
  },
];
