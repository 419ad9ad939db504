/**
 * The `discord` platform: delivers alerts to Discord users (DMs), channels and threads through one or more bots,
 * and runs the gateway bot that takes prefixed chat commands to the core's command framework (and runs
 * auto-create, the role check and self-service roles). Every `[discord] token` delivers, each target always
 * through the same bot; the gateway bot is `[discord] command_token` when set (then the token bots only
 * deliver, and users see alerts and command answers in two DM conversations), else the first token's.
 */
import { DiscordAPIError, REST, Routes, type Client } from 'discord.js';
import { definePlatformPlugin, type PlatformContext, type PlatformPlugin } from '../../core/contract.ts';
import { describeError, LookoutError } from '../../core/errors.ts';
import { DEFAULT_IMAGE_MAX_BYTES, DEFAULT_IMAGE_TIMEOUT_MS } from '../../core/delivery/download-image.ts';
import { silentLogger, type Logger } from '../../core/log/logger.ts';
import { deliverJob, editJob, removeMessages, TARGET_TYPES, type DeliveryExtras } from './deliver.ts';
import { createEmbedUploader } from './embed-upload.ts';
import { createGatewayClient, destroyClient, listenForCommands, loginUntilReady } from './gateway.ts';
import { PLATFORM_NAME } from './incoming.ts';
import { clientFor, createDeliveryClient, restOptions, type DeliveryClient } from './rest-clients.ts';
import type { AutocreateParts } from './autocreate/parts.ts';
import type { DiscordMembership } from './membership/checker.ts';
import type { RoleParts } from './roles/parts.ts';
import { listenForThreadPicker } from './autocreate/thread-click.ts';
import { unknownChannels } from './start-checks.ts';
import type { DiscordSettings } from './settings.ts';

/** The `index` of the command bot's client (it is not in [discord] token). */
const COMMAND_BOT = -1;

/** Checks a delivery token with `GET /users/@me`: a refused token stops the start, other trouble is logged. */
async function checkDeliveryToken(client: DeliveryClient, log: Logger): Promise<void> {
  try {
    const me = (await client.rest.get(Routes.user('@me'))) as { id?: string; username?: string };
    log.info({ token: client.index, botId: me.id, bot: me.username }, 'discord: delivery bot ready');
  } catch (err) {
    if (err instanceof DiscordAPIError && err.status === 401) {
      throw new LookoutError('CONFIG_INVALID', `discord: token #${client.index + 1} of [discord] token was refused (401)`, { key: 'discord.token' }, { cause: err });
    }
    log.warn({ token: client.index, reason: describeError(err) }, 'discord: could not check a delivery token');
  }
}

/** The templates Discord messages render: `discord`, also written `chat_a` (the spec's neutral name). */
export const DISCORD_TEMPLATES = { templatePlatform: 'discord', templatePlatformAliases: ['chat_a'] } as const;

/** What the platform runs besides delivery and commands: auto-create, when the module's setup provides it. */
export interface DiscordExtras {
  readonly autocreate?: AutocreateParts;
  /** the role check and `[reconciliation.discord]` (membership/) */
  readonly membership?: DiscordMembership;
  /** self-service roles (roles/) */
  readonly roles?: RoleParts;
  /** channel ids the configuration names, by key (`[discord] channels`, a community's channels): checked at start */
  readonly namedChannels?: ReadonlyMap<string, readonly string[]>;
  /** what a user administers by delegation (membership/administration.ts), given the gateway client */
  readonly administration?: (client: Client, userId: string) => Promise<Readonly<Record<string, unknown>>>;
  /** where deliveries log before start() hands over the context's log */
  readonly log?: Logger;
}

/** The gateway (command) bot's token and REST client, and the delivery bots' clients. */
function botClients(settings: DiscordSettings, gateway: Client): { gatewayToken: string; commandClient: DeliveryClient; delivery: DeliveryClient[]; ownRests: REST[] } {
  const [firstToken] = settings.tokens;
  if (firstToken === undefined) throw new LookoutError('CONFIG_INVALID', 'discord: no bot token', { key: 'discord.token' });
  const gatewayToken = settings.commandToken ?? firstToken;
  gateway.rest.setToken(gatewayToken);
  const commandClient = createDeliveryClient(gateway.rest, settings.commandToken ? COMMAND_BOT : 0);
  // without a command bot the first token's deliveries share the gateway's REST client (one rate limiter per bot)
  const ownRests = settings.tokens.slice(settings.commandToken ? 0 : 1).map((token) => new REST(restOptions(settings)).setToken(token));
  const delivery = settings.commandToken ? ownRests.map((rest, index) => createDeliveryClient(rest, index)) : [commandClient, ...ownRests.map((rest, index) => createDeliveryClient(rest, index + 1))];
  return { gatewayToken, commandClient, delivery, ownRests };
}

export function createDiscordPlatform(settings: DiscordSettings, extras: DiscordExtras = {}): PlatformPlugin {
  const gateway = createGatewayClient(settings, { membersIntent: extras.membership !== undefined });
  const { gatewayToken, commandClient, delivery: clients, ownRests } = botClients(settings, gateway);
  const uploader = settings.uploadEmbedImages ? createEmbedUploader({ timeoutMs: DEFAULT_IMAGE_TIMEOUT_MS, maxBytes: DEFAULT_IMAGE_MAX_BYTES }) : null;

  let log: Logger = extras.log ?? silentLogger();
  // built once: the hot path pays nothing for the upload when it is off
  let deliveryExtras: DeliveryExtras | undefined = uploader ? { uploader, log } : undefined;
  const autocreate = extras.autocreate;
  return definePlatformPlugin({
    kind: 'platform',
    name: PLATFORM_NAME,
    targetTypes: Object.values(TARGET_TYPES),
    ...DISCORD_TEMPLATES,
    defaultTargetType: TARGET_TYPES.user,
    concurrency: settings.concurrency,
    commandPrefix: settings.prefix,
    commands: [...(autocreate?.commands ?? []), ...(extras.roles?.commands ?? [])],
    apiRoutes: [...(autocreate?.apiRoutes ?? []), ...(extras.roles?.apiRoutes ?? [])],
    async start(ctx: PlatformContext) {
      log = ctx.log;
      if (uploader) deliveryExtras = { uploader, log };
      ctx.log.info({ mode: settings.commandToken ? 'command bot ([discord] command_token) + delivery bots' : 'single gateway bot', deliveryBots: clients.length, uploadEmbedImages: uploader !== null }, 'discord: starting');
      listenForCommands(gateway, { settings, client: commandClient, context: ctx });
      if (autocreate) listenForThreadPicker(gateway, ctx.log);
      await loginUntilReady(gateway, gatewayToken, settings.readyTimeoutMs);
      autocreate?.start(gateway, ctx);
      extras.roles?.attach(gateway, ctx.humans);
      extras.membership?.start(gateway, ctx);
      for (const warning of unknownChannels(gateway, extras.namedChannels ?? new Map())) ctx.log.warn(warning);
      ctx.log.info({ botId: gateway.user?.id, bot: gateway.user?.username, guilds: gateway.guilds.cache.size }, 'discord: gateway bot ready');
      for (const client of clients) if (client !== commandClient) await checkDeliveryToken(client, ctx.log);
    },
    async stop() {
      autocreate?.stop();
      extras.roles?.detach();
      extras.membership?.stop();
      if (!(await destroyClient(gateway))) log.warn('discord: the gateway connection did not close in time; stopping anyway');
      for (const rest of ownRests) {
        rest.clearHashSweeper();
        rest.clearHandlerSweeper();
      }
    },
    ...(extras.administration ? { administrationOf: (userId: string) => extras.administration!(gateway, userId) } : {}),
    ...(extras.membership?.settings.checkRole ? { membershipPass: (o: { readonly dryRun: boolean }) => extras.membership!.runPass(o) } : {}),
    deliver: (job) => deliverJob(clientFor(clients, job.target.id), job, deliveryExtras),
    edit: (job, messageIds) => editJob(clientFor(clients, job.target.id), job, messageIds),
    remove: (target, messageIds) => removeMessages(clientFor(clients, target.id), target, messageIds),
  });
}
