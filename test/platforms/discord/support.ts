/**
 * Helpers for the Discord platform tests: settings pointing at a fake Discord, delivery jobs, and a platform
 * context whose command handler records what it receives and answers from a script.
 */
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import type { DeliveryJob, PlatformContext } from '../../../core/contract.ts';
import { silentLogger, type Logger } from '../../../core/log/logger.ts';
import type { DiscordSettings } from '../../../platforms/discord/settings.ts';
import type { FakeDiscord } from '../../fakes/discord/index.ts';
import { memoryPlatformServices } from '../../helpers/platform-context.ts';

export const TOKEN = 'gateway-token';
export const SECOND_TOKEN = 'delivery-token-2';
export const GUILD = '700000000000000001';
export const CHANNEL = '700000000000000002';
export const REGISTRATION_CHANNEL = '700000000000000003';
export const THREAD = '700000000000000004';
export const USER = '700000000000000010';
export const ADMIN = '700000000000000011';

export function settingsFor(fake: FakeDiscord, overrides: Partial<DiscordSettings> = {}): DiscordSettings {
  return {
    tokens: [TOKEN],
    apiUrl: fake.apiUrl,
    prefix: '!',
    admins: new Set([ADMIN]),
    registrationChannels: new Set([REGISTRATION_CHANNEL]),
    concurrency: 5,
    readyTimeoutMs: 10_000,
    ...overrides,
  };
}

/** A guild with an alert channel, a registration channel and a thread, and two users. */
export function seedWorld(fake: FakeDiscord): void {
  fake.seedGuild({ id: GUILD, name: 'Pogo Town', channels: [{ id: CHANNEL, name: 'alerts' }, { id: REGISTRATION_CHANNEL, name: 'register' }] });
  fake.seedChannel({ id: THREAD, guildId: GUILD, type: 11, name: 'hundos', parentId: CHANNEL });
  fake.seedUser({ id: USER, username: 'ash' });
  fake.seedUser({ id: ADMIN, username: 'oak' });
}

export function job(target: { id: string; type: string }, body: Record<string, unknown>, ping = ''): DeliveryJob {
  return {
    target: { ...target, name: 'someone', language: null },
    message: { platform: 'discord', body },
    meta: { eventId: 'ev-1', webhookType: 'pokemon', receivedAt: 0 },
    alertType: 'monster',
    ping,
    clean: 0,
    expiresAt: null,
  };
}

export interface RecordingContext extends PlatformContext {
  readonly received: IncomingCommand[];
  /** resolves with the next command the platform hands over */
  next(): Promise<IncomingCommand>;
}

/** A context whose handleCommand records the command and answers `reply(incoming)`. */
export function recordingContext(reply: (incoming: IncomingCommand) => readonly CommandReply[] = () => [], log: Logger = silentLogger()): RecordingContext {
  const received: IncomingCommand[] = [];
  let waiting: ((incoming: IncomingCommand) => void)[] = [];
  return {
    ...memoryPlatformServices(),
    log,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    async handleCommand(incoming) {
      received.push(incoming);
      const resolvers = waiting;
      waiting = [];
      for (const resolve of resolvers) resolve(incoming);
      return reply(incoming);
    },
  };
}
