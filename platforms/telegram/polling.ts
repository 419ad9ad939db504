/**
 * Starts grammy's long polling in the background: `started` resolves once getMe and deleteWebhook went
 * through and polling begins — or, when Telegram cannot be reached within `waitMs`, resolves anyway with a
 * warning while grammy keeps trying. A refused token rejects it (the configuration is wrong). `allowedUpdates`
 * names the update types to receive (the membership check adds `chat_member`); without it grammy asks for
 * Telegram's default, which also resets a list an earlier run asked for. `onStarted` runs once polling begins
 * (also when that is after `started` gave up waiting), before `started` resolves; its failure is logged.
 */
import { GrammyError, type Bot, type PollingOptions as GrammyPollingOptions } from 'grammy';
import { describeError, LookoutError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';

export interface Polling {
  readonly started: Promise<void>;
  /** settles when polling has ended (stopped or failed) */
  readonly finished: Promise<void>;
}

function startError(err: unknown): LookoutError {
  if (err instanceof GrammyError && (err.error_code === 401 || err.error_code === 404)) {
    return new LookoutError('CONFIG_INVALID', `telegram: the command bot's token ([telegram] command_token, else the first token) was refused by the Bot API (${err.error_code} ${err.description})`, { key: 'telegram.token' }, { cause: err });
  }
  return new LookoutError('UNAVAILABLE', `telegram polling could not start: ${describeError(err)}`, {}, { cause: err });
}

/** The update types getUpdates may be asked for. */
export type AllowedUpdates = NonNullable<GrammyPollingOptions['allowed_updates']>;

export interface PollingOptions {
  /** how long `started` waits for Telegram before resolving anyway */
  readonly waitMs: number;
  readonly allowedUpdates?: AllowedUpdates;
  readonly onStarted?: () => Promise<void>;
}

export function startPolling(bot: Bot, log: Logger, options: PollingOptions): Polling {
  const { waitMs, allowedUpdates, onStarted } = options;
  let settled = false;
  let resolveStarted!: () => void;
  let rejectStarted!: (err: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  const timer = setTimeout(() => {
    settled = true;
    log.warn({ waitedMs: waitMs }, 'telegram not reachable yet; polling keeps trying in the background');
    resolveStarted();
  }, waitMs);
  const finished = bot
    .start({
      ...(allowedUpdates ? { allowed_updates: allowedUpdates } : {}),
      onStart: async (me) => {
        clearTimeout(timer);
        log.info({ bot: me.username }, 'telegram polling started');
        try {
          await onStarted?.();
        } catch (err) {
          log.error({ err: describeError(err) }, 'telegram start-up work failed');
        }
        if (!settled) resolveStarted();
        settled = true;
      },
    })
    .then(
      () => log.info('telegram polling stopped'),
      (err: unknown) => {
        clearTimeout(timer);
        if (settled) log.error({ err: describeError(err) }, 'telegram polling ended with an error');
        else rejectStarted(startError(err));
        settled = true;
      },
    );
  return { started, finished };
}
