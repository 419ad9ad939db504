/**
 * The grammy Bot pointed at [telegram] api_root, with @grammyjs/auto-retry installed on its API: a 429 is
 * waited out when Telegram asks for at most `maxRetryDelaySeconds`, 5xx and network errors are retried a few
 * times; anything else reaches the caller.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { Bot } from 'grammy';

export interface TelegramClientOptions {
  readonly token: string;
  /** the Bot API root without a trailing slash (`https://api.telegram.org`, or a fake) */
  readonly apiRoot: string;
  /** the longest `retry_after` waited out in place; a longer one fails the call (default 60) */
  readonly maxRetryDelaySeconds?: number;
  /** retries of one call (429, 5xx, network) before it fails (default 3) */
  readonly maxRetryAttempts?: number;
}

/** One API call may take this long (getUpdates long-polls for 30 s of it). */
const CALL_TIMEOUT_SECONDS = 75;

export function createTelegramBot(options: TelegramClientOptions): Bot {
  const bot = new Bot(options.token, { client: { apiRoot: options.apiRoot.replace(/\/+$/, ''), timeoutSeconds: CALL_TIMEOUT_SECONDS } });
  bot.api.config.use(autoRetry({ maxDelaySeconds: options.maxRetryDelaySeconds ?? 60, maxRetryAttempts: options.maxRetryAttempts ?? 3 }));
  return bot;
}
