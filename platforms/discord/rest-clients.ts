/**
 * The REST side of the bots: one discord.js REST client per token (the gateway bot's own client first when it also
 * delivers), each
 * with its own rate limiter and its remembered DM channels, and the stable choice of the client that serves a
 * target — a hash of the target id, so one target always goes through one bot (its messages stay in order and the
 * bot that sent a message can delete it later, after a restart too) while targets spread over all bots.
 */
import { REST, Routes, type RESTOptions, type RateLimitData } from 'discord.js';
import { stablePick } from '../../core/delivery/stable-pick.ts';
import type { DiscordSettings } from './settings.ts';

export interface DeliveryClient {
  /** position of the token in [discord] token; -1 for the [discord] command_token bot */
  readonly index: number;
  readonly rest: REST;
  /** the DM channel with a user: opened once (`POST /users/@me/channels`), then remembered */
  dmChannel(userId: string): Promise<string>;
}

/** The discord.js REST options every bot client gets. */
export function restOptions(settings: Pick<DiscordSettings, 'apiUrl' | 'handBackRateLimitsOverMs'>): Partial<RESTOptions> {
  const limit = settings.handBackRateLimitsOverMs;
  return {
    api: settings.apiUrl,
    ...(limit === undefined ? {} : { rejectOnRateLimit: (data: RateLimitData) => Math.max(data.retryAfter, data.timeToReset) > limit }),
  };
}

function idOf(value: unknown, what: string): string {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') throw new TypeError(`Discord answered ${what} without an id`);
  return id;
}

export function createDeliveryClient(rest: REST, index: number): DeliveryClient {
  const dms = new Map<string, Promise<string>>();
  return {
    index,
    rest,
    dmChannel(userId) {
      let channel = dms.get(userId);
      if (!channel) {
        channel = rest.post(Routes.userChannels(), { body: { recipient_id: userId } }).then((answer) => idOf(answer, 'a DM channel'));
        dms.set(userId, channel);
        channel.catch(() => dms.delete(userId));
      }
      return channel;
    },
  };
}

/** The client that serves this target, always the same one for the same id and token list. */
export function clientFor(clients: readonly DeliveryClient[], targetId: string): DeliveryClient {
  if (clients.length === 0) throw new RangeError('no Discord delivery client');
  return stablePick(clients, targetId);
}

/** The id a message creation answered with. */
export function messageIdOf(answer: unknown): string {
  return idOf(answer, 'a message');
}
