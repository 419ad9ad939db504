/**
 * The membership check of the telegram platform, on only with `[telegram] check_role`: the update types polling
 * must ask for (`chat_member` besides grammy's defaults), the member-change handlers, the start-up report on the
 * required groups and the periodic full pass (`ctx.membership.periodicPass('telegram', check_role_interval)`).
 * `runPass` runs a pass now, for real or as a dry run. Stopping aborts a running pass and waits for it.
 */
import { API_CONSTANTS, type Bot } from 'grammy';
import type { PlatformContext } from '../../../core/contract.ts';
import { LookoutError } from '../../../core/errors.ts';
import type { PeriodicPass } from '../../../core/membership/index.ts';
import type { AllowedUpdates } from '../polling.ts';
import type { AccessSettings } from './apply.ts';
import { listenForMemberChanges, type MemberEvents } from './events.ts';
import { reportRequiredGroups } from './group-report.ts';
import { runMembershipPass, type PassOptions, type TelegramPassReport } from './pass.ts';

export interface TelegramMembershipOptions {
  /** [telegram] check_role */
  readonly checkRole: boolean;
  /** [telegram] check_role_interval (hours) */
  readonly intervalHours: number;
  readonly settings: AccessSettings;
  /** the most getChatMember requests a second in a full pass */
  readonly requestsPerSecond: number;
}

export interface TelegramMembership {
  /** allowed_updates for getUpdates; undefined (grammy's default, no chat_member) when the check is off */
  readonly allowedUpdates: AllowedUpdates | undefined;
  /** registers the member-change handlers (before polling starts) */
  listen(bot: Bot, ctx: PlatformContext): void;
  /** once polling runs: the start-up report and the periodic pass */
  started(bot: Bot): Promise<void>;
  /** a full pass now (the platform must have started) */
  runPass(options?: PassOptions): Promise<TelegramPassReport>;
  stop(): Promise<void>;
}

export const PASS_NAME = 'telegram';

export function createTelegramMembership(options: TelegramMembershipOptions): TelegramMembership {
  const { checkRole, settings } = options;
  let bot: Bot | null = null;
  let ctx: PlatformContext | null = null;
  let events: MemberEvents | null = null;
  let periodic: PeriodicPass | null = null;
  let abort = new AbortController();
  const running = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  };

  const runPass = (passOptions: PassOptions = {}): Promise<TelegramPassReport> => {
    if (!bot || !ctx) return Promise.reject(new LookoutError('UNAVAILABLE', 'the telegram platform has not started'));
    const deps = { api: bot.api, humans: ctx.humans, membership: ctx.membership, settings, log: ctx.log, requestsPerSecond: options.requestsPerSecond, signal: abort.signal };
    return track(runMembershipPass(deps, passOptions));
  };

  return {
    allowedUpdates: checkRole ? [...API_CONSTANTS.DEFAULT_UPDATE_TYPES, 'chat_member'] : undefined,
    listen(theBot, theCtx) {
      bot = theBot;
      ctx = theCtx;
      abort = new AbortController();
      if (checkRole) events = listenForMemberChanges(theBot, { api: theBot.api, humans: theCtx.humans, membership: theCtx.membership, settings, log: theCtx.log });
    },
    async started(theBot) {
      if (!checkRole || !ctx) return;
      const log = ctx.log;
      void track(reportRequiredGroups(theBot.api, settings.requiredGroups, theBot.botInfo.id, log, abort.signal).catch(() => undefined));
      if (settings.requiredGroups.length === 0) return;
      periodic = ctx.membership.periodicPass(PASS_NAME, options.intervalHours, async () => {
        await runPass();
      });
      await periodic.start();
    },
    runPass,
    async stop() {
      periodic?.stop();
      periodic = null;
      abort.abort(new LookoutError('UNAVAILABLE', 'the telegram platform is stopping'));
      await Promise.allSettled([...running]);
      await events?.idle();
    },
  };
}
