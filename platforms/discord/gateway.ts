/**
 * The gateway bot: the discord.js client of the first token, with the intents commands need (guild messages,
 * DMs, message content; partial DM channels), its login that resolves once the client is ready or fails with a
 * clear error after a timeout, and the listener that hands prefixed messages to the command framework and
 * sends the replies back.
 */
import { Client, Events, GatewayIntentBits, Partials, type Message } from 'discord.js';
import type { PlatformContext } from '../../core/contract.ts';
import { describeError, LookoutError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';
import { factsOf, incomingCommandOf, type CommandSettings } from './incoming.ts';
import { sendReplies } from './replies.ts';
import { restOptions, type DeliveryClient } from './rest-clients.ts';
import type { DiscordSettings } from './settings.ts';

export const GATEWAY_INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages] as const;

/** How long a failed start or a stop waits for discord.js to close the gateway connection. */
export const DESTROY_GRACE_MS = 5_000;

/**
 * Destroys the client, waiting at most DESTROY_GRACE_MS: discord.js 14 never finishes a destroy that lands while
 * its shard waits for HELLO or READY (the aborted wait reconnects and steals the close), so a start against a
 * hung gateway must not hang with it. Resolves true when the destroy finished.
 */
export async function destroyClient(client: Client): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DESTROY_GRACE_MS);
    timer.unref();
  });
  try {
    return await Promise.race([client.destroy().then(() => true, () => true), grace]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `membersIntent`: also the privileged Server Members intent (member updates, joins and leaves), requested only when
 * a role check or `register_new_users` needs them — it must then be enabled for the bot in the developer portal.
 */
export function createGatewayClient(settings: Pick<DiscordSettings, 'apiUrl' | 'handBackRateLimitsOverMs'>, options: { readonly membersIntent?: boolean } = {}): Client {
  const intents = options.membersIntent ? [...GATEWAY_INTENTS, GatewayIntentBits.GuildMembers] : [...GATEWAY_INTENTS];
  return new Client({ intents, partials: [Partials.Channel, Partials.GuildMember], rest: restOptions(settings) });
}

/** Logs in and waits for the ready event; on failure or timeout the client is destroyed and a LookoutError thrown. */
export async function loginUntilReady(client: Client, token: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookoutError('UNAVAILABLE', `discord: the gateway was not ready within ${Math.round(timeoutMs / 1000)} s`, { timeoutMs })), timeoutMs);
  });
  const login = client.login(token).then(() => ready);
  login.catch(() => undefined); // settled through the race below; a late rejection after a timeout is not unhandled
  try {
    await Promise.race([login, timeout]);
  } catch (err) {
    await destroyClient(client);
    if (err instanceof LookoutError) throw err;
    throw new LookoutError('UNAVAILABLE', `discord: login failed: ${describeError(err)}`, {}, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

export interface CommandListener {
  readonly settings: CommandSettings;
  /** the gateway bot's REST client (replies go out as that bot) */
  readonly client: DeliveryClient;
  readonly context: PlatformContext;
}

async function onMessage(message: Message, listener: CommandListener): Promise<void> {
  const incoming = incomingCommandOf(factsOf(message), listener.settings);
  if (!incoming) return;
  const log = listener.context.log;
  try {
    const replies = await listener.context.handleCommand(incoming);
    await sendReplies(listener.client, { channelId: message.channelId, messageId: message.id, authorId: message.author.id }, replies, log);
  } catch (err) {
    log.error({ channelId: message.channelId, userId: message.author.id, reason: describeError(err) }, 'discord: a command failed');
  }
}

/** Every message the gateway bot receives goes through the command check; errors are logged, never thrown. */
export function listenForCommands(gateway: Client, listener: CommandListener): void {
  gateway.on(Events.MessageCreate, (message) => void onMessage(message, listener));
  gateway.on(Events.Error, (err) => listener.context.log.error({ reason: describeError(err) }, 'discord: gateway client error'));
  gateway.on(Events.ShardDisconnect, (event, shardId) => listener.context.log.warn({ shardId, code: event.code }, 'discord: gateway disconnected'));
}
