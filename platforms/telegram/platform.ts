/**
 * The `telegram` platform: delivers rendered Telegram messages (sticker → photo → content → location pin) to users,
 * groups, channels and forum topics through the Bot API (as replies for reply chains), edits their text for `edit`
 * rules (edit.ts), deletes them for `clean` rules, long-polls for
 * commands that it hands to the core and, with `[telegram] check_role`, keeps registered users to members of the
 * required groups (membership/). Several bots (bots.ts): the command bot polls, answers and serves private chats;
 * groups and channels are spread over the delivery bots.
 */
import { GrammyError, type Bot } from 'grammy';
import { definePlatformPlugin, type DeliveryJob, type DeliveryOutcome, type PlatformContext, type PlatformPlugin } from '../../core/contract.ts';
import { describeError, LookoutError } from '../../core/errors.ts';
import { telegramAdministration, type TelegramDelegation } from './membership/administration.ts';
import type { Logger } from '../../core/log/logger.ts';
import { DEFAULT_IMAGE_MAX_BYTES, DEFAULT_IMAGE_TIMEOUT_MS } from '../../core/delivery/download-image.ts';
import { botFor, createTelegramBots } from './bots.ts';
import { listenForCommands, type CommandListener } from './command-listener.ts';
import { PLATFORM_NAME } from './incoming.ts';
import { isEmptyPlan, planMessage } from './message-plan.ts';
import { createTelegramMembership, type TelegramMembership } from './membership/telegram-membership.ts';
import type { PassOptions, TelegramPassReport } from './membership/pass.ts';
import { startPolling, type Polling } from './polling.ts';
import { editPlan } from './edit.ts';
import { replyTargetOf } from './message-ids.ts';
import { deleteMessages } from './remove.ts';
import { createPhotoUploader } from './photo-upload.ts';
import { sendPlan, type PlanMedia } from './send.ts';
import { telegramChatOf } from './target.ts';

export const TELEGRAM_TARGET_TYPES = ['telegram:user', 'telegram:channel', 'telegram:group', 'telegram:topic'] as const;

/** The templates Telegram messages render: `telegram`, also written `chat_b` (the spec's neutral name). */
export const TELEGRAM_TEMPLATES = { templatePlatform: 'telegram', templatePlatformAliases: ['chat_b'] } as const;

export interface TelegramPlatformOptions {
  /** [telegram] token: the delivery bots (at least one); without `commandToken` the first also takes commands */
  readonly tokens: readonly string[];
  /** [telegram] command_token: a separate bot that polls, answers commands and serves private chats */
  readonly commandToken?: string;
  /** [telegram] upload_images: a message's `photo` URL is downloaded and sent as a file */
  readonly uploadImages?: boolean;
  /** [telegram] api_root */
  readonly apiRoot: string;
  /** [telegram] admins (user ids) */
  readonly admins: readonly string[];
  /** [telegram] channels: chats where users register */
  readonly registrationChats: readonly string[];
  /** [discord] prefix: accepted besides `/` */
  readonly discordPrefix: string;
  /** [tuning] concurrent_telegram_destinations */
  readonly concurrency: number;
  readonly log: Logger;
  /** the longest `retry_after` waited out in place before a delivery fails transiently; default 60 */
  readonly maxRetryDelaySeconds?: number;
  /** how long start() waits for Telegram before resolving anyway; default 30 s */
  readonly startWaitMs?: number;
  /** [telegram] check_role: registered users must stay members of a `registrationChats` group; default false */
  readonly checkRole?: boolean;
  /** [telegram] check_role_interval: hours between full membership passes; default 6 */
  readonly checkRoleIntervalHours?: number;
  /** [telegram] bot_goodbye_message: sent to a user who lost access ('' = none) */
  readonly goodbyeMessage?: string;
  /** [reconciliation.telegram] */
  readonly reconciliation?: { readonly update_user_names: boolean; readonly remove_invalid_users: boolean };
  /** the most getChatMember requests a second in a full pass; default 20 */
  readonly membershipRequestsPerSecond?: number;
  /** [area_security] on: community group → its communities (community membership follows the groups) */
  readonly communityGroups?: ReadonlyMap<string, readonly string[]>;
  /** [[telegram.delegated_admins]] and user_tracking_admins: what users administer (getAdministrationRoles) */
  readonly delegation?: TelegramDelegation;
}

/** The platform plugin, and its membership pass to run now (a dry run reports without writing). */
export interface TelegramPlatformParts {
  readonly platform: PlatformPlugin;
  runMembershipPass(options?: PassOptions): Promise<TelegramPassReport>;
}

const DEFAULT_START_WAIT_MS = 30_000;
const DEFAULT_CHECK_INTERVAL_HOURS = 6;
const DEFAULT_MEMBERSHIP_REQUESTS_PER_SECOND = 20;
const MAX_ID_IN_REASON = 60;

function membershipOf(options: TelegramPlatformOptions): TelegramMembership {
  return createTelegramMembership({
    checkRole: options.checkRole ?? false,
    intervalHours: options.checkRoleIntervalHours ?? DEFAULT_CHECK_INTERVAL_HOURS,
    requestsPerSecond: options.membershipRequestsPerSecond ?? DEFAULT_MEMBERSHIP_REQUESTS_PER_SECOND,
    settings: {
      requiredGroups: options.registrationChats,
      admins: new Set(options.admins),
      removeInvalidUsers: options.reconciliation?.remove_invalid_users ?? true,
      updateUserNames: options.reconciliation?.update_user_names ?? false,
      goodbyeMessage: options.goodbyeMessage ?? '',
      ...(options.communityGroups ? { communityGroups: options.communityGroups } : {}),
    },
  });
}

export function createTelegramPlatform(options: TelegramPlatformOptions): PlatformPlugin {
  return buildTelegramPlatform(options).platform;
}

/** Checks a delivery-only bot's token with getMe: a refused token stops the start, other trouble is logged. */
async function checkDeliveryBot(deliveryBot: Bot, position: number, log: Logger): Promise<void> {
  try {
    const me = await deliveryBot.api.getMe();
    log.info({ token: position, bot: me.username }, 'telegram delivery bot ready');
  } catch (err) {
    if (err instanceof GrammyError && (err.error_code === 401 || err.error_code === 404)) {
      throw new LookoutError('CONFIG_INVALID', `telegram: token #${position + 1} of [telegram] token was refused by the Bot API (${err.error_code} ${err.description})`, { key: 'telegram.token' }, { cause: err });
    }
    log.warn({ token: position, err: describeError(err) }, 'telegram could not check a delivery bot');
  }
}

export function buildTelegramPlatform(options: TelegramPlatformOptions): TelegramPlatformParts {
  const bots = createTelegramBots(options, { apiRoot: options.apiRoot, ...(options.maxRetryDelaySeconds === undefined ? {} : { maxRetryDelaySeconds: options.maxRetryDelaySeconds }) });
  const bot: Bot = bots.command;
  const media: PlanMedia = options.uploadImages ? { uploader: createPhotoUploader({ timeoutMs: DEFAULT_IMAGE_TIMEOUT_MS, maxBytes: DEFAULT_IMAGE_MAX_BYTES }) } : {};
  const prefixes = [...new Set(['/', options.discordPrefix].filter((p) => p !== ''))];
  const membership = membershipOf(options);
  let log = options.log;
  let polling: Polling | null = null;
  let listener: CommandListener | null = null;

  async function deliver(job: DeliveryJob): Promise<DeliveryOutcome> {
    const chat = telegramChatOf(job.target.id);
    if (!chat) return { ok: false, permanent: true, reason: `not a Telegram chat id: "${job.target.id.slice(0, MAX_ID_IN_REASON)}"` };
    const plan = planMessage(job.message.body, job.ping, job.message.buttons);
    const position = job.location ?? null;
    if (isEmptyPlan(plan, position !== null)) return { ok: false, permanent: true, reason: 'rendered message has no content, sticker, photo or location' };
    return sendPlan(botFor(bots, job.target.type, chat).api, chat, plan, position, { log, eventId: job.meta.eventId }, media, replyTargetOf(job.replyTo));
  }

  async function edit(job: DeliveryJob, messageIds: readonly string[]): Promise<DeliveryOutcome> {
    const chat = telegramChatOf(job.target.id);
    if (!chat) return { ok: false, permanent: true, reason: `not a Telegram chat id: "${job.target.id.slice(0, MAX_ID_IN_REASON)}"` };
    return editPlan(botFor(bots, job.target.type, chat).api, chat, planMessage(job.message.body, job.ping, job.message.buttons), messageIds, { log, eventId: job.meta.eventId });
  }

  async function stopPolling(): Promise<void> {
    if (!polling) return;
    try {
      await bot.stop();
    } catch (err) {
      log.warn({ err: describeError(err) }, 'telegram stop could not confirm the last update');
    }
    await polling.finished;
    await listener?.idle();
    await membership.stop();
    polling = null;
  }

  const delegation = options.delegation;
  const plugin = definePlatformPlugin({
    kind: 'platform',
    name: PLATFORM_NAME,
    ...(delegation ? { administrationOf: async (userId: string) => telegramAdministration(delegation, userId) } : {}),
    ...(options.checkRole ? { membershipPass: (o: { readonly dryRun: boolean }) => membership.runPass(o) } : {}),
    targetTypes: TELEGRAM_TARGET_TYPES,
    ...TELEGRAM_TEMPLATES,
    defaultTargetType: TELEGRAM_TARGET_TYPES[0],
    concurrency: options.concurrency,
    commandPrefix: '/',
    deliver,
    edit,
    async remove(target, messageIds) {
      const chat = telegramChatOf(target.id);
      if (!chat) return { ok: false, permanent: true, reason: `not a Telegram chat id: "${target.id.slice(0, MAX_ID_IN_REASON)}"` };
      return deleteMessages(botFor(bots, target.type, chat).api, chat, messageIds);
    },
    async start(ctx: PlatformContext) {
      log = ctx.log;
      listener = listenForCommands(bot, {
        settings: { admins: new Set(options.admins), registrationChats: new Set(options.registrationChats), prefixes },
        handleCommand: (incoming) => ctx.handleCommand(incoming),
        log,
      });
      membership.listen(bot, ctx);
      polling = startPolling(bot, log, { waitMs: options.startWaitMs ?? DEFAULT_START_WAIT_MS, allowedUpdates: membership.allowedUpdates, onStarted: () => membership.started(bot) });
      await polling.started;
      try {
        for (const deliveryBot of bots.deliveryOnly) await checkDeliveryBot(deliveryBot, bots.delivery.indexOf(deliveryBot), log);
      } catch (err) {
        await stopPolling(); // a refused delivery token fails the start: nothing is left polling
        throw err;
      }
    },
    stop: stopPolling,
  });
  return { platform: plugin, runMembershipPass: (passOptions) => membership.runPass(passOptions) };
}
