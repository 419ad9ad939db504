/**
 * Test harness for the telegram platform: the fake Bot API plus a platform pointed at it, and delivery jobs.
 */
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import type { DeliveryJob, PlatformPlugin } from '../../../core/contract.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createTelegramPlatform, type TelegramPlatformOptions } from '../../../platforms/telegram/platform.ts';
import { startFakeTelegram, type FakeTelegram, type FakeTelegramOptions } from '../../fakes/telegram/fake-telegram.ts';
import { memoryPlatformServices } from '../../helpers/platform-context.ts';

export interface TelegramHarness {
  readonly fake: FakeTelegram;
  readonly platform: PlatformPlugin;
}

export async function withTelegram(
  run: (h: TelegramHarness) => Promise<void>,
  options: { fake?: FakeTelegramOptions; platform?: Partial<TelegramPlatformOptions> } = {},
): Promise<void> {
  const fake = await startFakeTelegram(options.fake);
  const platform = createTelegramPlatform({
    tokens: [fake.token],
    apiRoot: fake.apiRoot,
    admins: [],
    registrationChats: [],
    discordPrefix: '!',
    concurrency: 4,
    log: silentLogger(),
    ...options.platform,
  });
  try {
    await run({ fake, platform });
  } finally {
    await platform.stop?.();
    await fake.close();
  }
}

export function telegramJob(targetId: string, body: Record<string, unknown>, extra: Partial<DeliveryJob> = {}): DeliveryJob {
  return {
    target: { id: targetId, type: 'telegram:user', name: 'ash', language: null },
    message: { platform: 'telegram', body },
    meta: { eventId: 'ev-tg-1', webhookType: 'pokemon', receivedAt: 0 },
    alertType: 'monster',
    ping: '',
    clean: 0,
    expiresAt: null,
    ...extra,
  };
}

/** A command handler that records what it receives and answers from `answer`. */
export function recordingHandler(answer: (incoming: IncomingCommand) => readonly CommandReply[] = () => []): {
  readonly received: IncomingCommand[];
  readonly handleCommand: (incoming: IncomingCommand) => Promise<readonly CommandReply[]>;
} {
  const received: IncomingCommand[] = [];
  return {
    received,
    handleCommand: async (incoming) => {
      received.push(incoming);
      return answer(incoming);
    },
  };
}

export function platformContext(handleCommand: (incoming: IncomingCommand) => Promise<readonly CommandReply[]>, log: Logger = silentLogger()) {
  return { ...memoryPlatformServices(), log, handleCommand };
}
