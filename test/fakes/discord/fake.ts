/**
 * The fake Discord: one HTTP port on 127.0.0.1 serving the REST API under /api/v10 and the WebSocket gateway
 * at /gateway, realistic enough for the real discord.js client. Tests seed guilds, channels and users, make users
 * speak or click, plan failures (429 with Retry-After, Discord's error codes) and assert on the recorded requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DISCORD_ERRORS, FakeApiError, failureAnswer, type FakeFailure } from './errors.ts';
import { buttonInteraction, userMessage, type ButtonClick, type Dispatch, type UserSays } from './events.ts';
import { createGatewayHub, type GatewayHub } from './gateway.ts';
import { readBody, sendJson, type RequestBody } from './http-io.ts';
import { channelJson, guildCreateJson, memberJson, userJson } from './json.ts';
import { RequestRecorder, type RecordedRequest, type RouteMatcher } from './recorder.ts';
import { compileRoutes, matchRoute, type CompiledRoute } from './router.ts';
import { channelRoutes } from './routes/channels.ts';
import { guildRoutes } from './routes/guilds.ts';
import { messageRoutes } from './routes/messages.ts';
import { threadRoutes } from './routes/threads.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { createSnowflakes } from './snowflake.ts';
import { CHANNEL_TYPES, FakeDiscordState, isThread, type ChannelSeed, type FakeChannel, type FakeGuild, type FakeInteraction, type FakeMessage, type FakeUser, type FakeWebhook, type GuildSeed, type UserSeed } from './state.ts';

const API_PREFIX = '/api/v10';
const UNVERSIONED_PREFIX = '/api';

export interface FakeDiscordOptions {
  /** the first bot's username; further tokens get numbered bots */
  readonly botName?: string;
  /** HELLO's heartbeat_interval; default Discord's 41250 ms */
  readonly heartbeatIntervalMs?: number;
  /** when given, only these tokens are accepted (REST answers 401, the gateway closes with 4004) */
  readonly tokens?: readonly string[];
}

export interface FakeDiscord {
  /** `http://127.0.0.1:PORT/api`: discord.js's `rest.api`, Lookout's `[discord] api_url` */
  readonly apiUrl: string;
  readonly gatewayUrl: string;
  readonly state: FakeDiscordState;
  readonly gateway: GatewayHub;
  /** every REST request, in arrival order */
  readonly requests: readonly RecordedRequest[];
  seedUser(seed?: UserSeed): FakeUser;
  seedGuild(seed?: GuildSeed): FakeGuild;
  /** a channel, category or thread (type 11/12 with `parentId`); announced to connected bots */
  seedChannel(seed: ChannelSeed): FakeChannel;
  /**
   * an incoming webhook of a channel, made by no application (as in Discord's channel settings), with the URL
   * that executes it; such a webhook drops components unless the call asks `with_components=true`
   */
  seedWebhook(seed: { readonly channelId: string; readonly name?: string }): { readonly webhook: FakeWebhook; readonly url: string };
  /** the bot user a token logs in as */
  botFor(token: string): FakeUser;
  /** the id of the DM channel between the token's bot and a user (opened when needed) */
  dmChannelId(token: string, userId: string): string;
  /** a user (or a bot, `bot: true`) writes in a channel or DM; the bots receive MESSAGE_CREATE */
  userSays(input: UserSays): FakeMessage;
  /** a user clicks a button; the bot (of `token`, default the first that logged in) receives INTERACTION_CREATE */
  clickButton(input: ButtonClick & { readonly token?: string }): FakeInteraction;
  /** a user joins the guild or its roles change: GUILD_MEMBER_ADD / GUILD_MEMBER_UPDATE to bots with the members intent */
  setMemberRoles(guildId: string, userId: string, roleIds: readonly string[]): void;
  /** a user leaves (or is kicked from) the guild: GUILD_MEMBER_REMOVE to bots with the members intent */
  memberLeaves(guildId: string, userId: string): void;
  /** the next `times` requests matching answer with this failure instead */
  failNext(matcher: RouteMatcher, failure: FakeFailure, times?: number): void;
  /** requests matching, so far */
  requestsMatching(matcher: RouteMatcher): RecordedRequest[];
  /** resolves once at least `count` matching requests have been answered */
  waitForRequests(matcher: RouteMatcher, count?: number): Promise<RecordedRequest[]>;
  messagesIn(channelId: string): FakeMessage[];
  close(): Promise<void>;
}

/** The path under /api/v10 with each segment percent-decoded (`/users/%40me` → `/users/@me`); null when malformed. */
function apiPath(pathname: string): string | null {
  // Discord also answers without a version segment (`/api/webhooks/…`, the URL form discord.js gives webhooks)
  const prefix = pathname.startsWith(`${API_PREFIX}/`) ? API_PREFIX : pathname.startsWith(`${UNVERSIONED_PREFIX}/`) ? UNVERSIONED_PREFIX : null;
  if (prefix === null) return null;
  try {
    return pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

function tokenOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bot\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const state = new FakeDiscordState(createSnowflakes(), options.botName ?? 'Lookout');
  const recorder = new RequestRecorder();
  const routes: CompiledRoute[] = compileRoutes([...userRoutes, ...messageRoutes, ...channelRoutes, ...threadRoutes, ...guildRoutes, ...webhookRoutes]);
  const acceptsToken = (token: string): boolean => token.trim() !== '' && (options.tokens === undefined || options.tokens.includes(token));
  let port = 0;
  const gatewayUrl = (): string => `ws://127.0.0.1:${port}/gateway`;
  const gateway = createGatewayHub({ state, heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250, gatewayUrl, acceptsToken });
  const send = (d: Dispatch): void => gateway.dispatch(d.event, d.data, d.toBotId);

  const answer = (path: string, method: string, query: URLSearchParams, { body, files }: RequestBody, token: string | null): { status: number; body?: unknown; headers?: Record<string, string> } => {
    const failure = recorder.takeFailure({ method, path });
    if (failure) return failureAnswer(failure);
    const found = matchRoute(routes, method, path);
    if (found === null) return failureAnswer(DISCORD_ERRORS.notFound);
    if (found === 'method') return failureAnswer(DISCORD_ERRORS.methodNotAllowed);
    const needsAuth = found.route.auth !== false;
    if (needsAuth && (token === null || !acceptsToken(token))) return failureAnswer(DISCORD_ERRORS.unauthorized);
    const bot = needsAuth && token !== null ? state.botForToken(token) : null;
    return found.route.handle({ params: found.params, query, body, files, bot, state, gateway, gatewayUrl: gatewayUrl() });
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = apiPath(url.pathname);
    const token = tokenOf(req);
    let read: RequestBody = { body: undefined, files: [] };
    let result: { status: number; body?: unknown; headers?: Record<string, string> };
    try {
      read = await readBody(req);
      result = path === null ? failureAnswer(DISCORD_ERRORS.notFound) : answer(path, method, url.searchParams, read, token);
    } catch (err) {
      result = failureAnswer(err instanceof FakeApiError ? { status: err.status, code: err.code, message: err.message } : { ...DISCORD_ERRORS.serverError, message: `500: ${(err as Error).message}` });
    }
    recorder.record({ method, path: path ?? url.pathname, query: url.search.replace(/^\?/, ''), body: read.body, files: read.files, token, status: result.status });
    sendJson(res, result.status, result.body, result.headers);
  };

  const server: Server = createServer((req, res) => void onRequest(req, res));
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/gateway') {
      socket.destroy();
      return;
    }
    gateway.handleUpgrade(req, socket, head);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  const announce = (channel: FakeChannel): void => {
    if (channel.guildId !== null) gateway.dispatch(isThread(channel) ? 'THREAD_CREATE' : 'CHANNEL_CREATE', channelJson(channel, state));
  };

  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    gatewayUrl: gatewayUrl(),
    state,
    gateway,
    requests: recorder.requests,
    seedUser: (seed) => state.addUser(seed),
    seedGuild: (seed) => {
      const guild = state.addGuild(seed);
      if (!guild.unavailable) gateway.dispatch('GUILD_CREATE', guildCreateJson(guild, state));
      return guild;
    },
    seedChannel: (seed) => {
      const channel = state.addChannel(seed);
      announce(channel);
      return channel;
    },
    seedWebhook: ({ channelId, name }) => {
      const channel = state.channels.get(channelId);
      if (!channel) throw new TypeError(`fake discord: seed channel ${channelId} first`);
      const webhook: FakeWebhook = { id: state.newId(), token: state.newToken(), channelId, guildId: channel.guildId, name: name ?? 'Captain Hook', avatar: null, creator: null };
      state.webhooks.set(webhook.id, webhook);
      return { webhook, url: `http://127.0.0.1:${port}/api/webhooks/${webhook.id}/${webhook.token}` };
    },
    botFor: (token) => state.botForToken(token),
    dmChannelId: (token, userId) => state.dmChannel(state.botForToken(token).id, state.ensureUser(userId).id).id,
    userSays: (input) => {
      const { message, dispatch } = userMessage(state, input);
      send(dispatch);
      return message;
    },
    clickButton: (input) => {
      const channel = state.channels.get(input.channelId);
      const botId = input.token ? state.botForToken(input.token).id : (channel?.type === CHANNEL_TYPES.dm ? channel.botId : gateway.identifies[0]?.botId);
      if (!botId) throw new TypeError('fake discord: no bot has logged in to receive the click');
      const { interaction, dispatch } = buttonInteraction(state, input, botId);
      send(dispatch);
      return interaction;
    },
    setMemberRoles: (guildId, userId, roleIds) => {
      const guild = state.guilds.get(guildId);
      const user = state.users.get(userId);
      if (!guild || !user) throw new TypeError(`fake discord: seed guild ${guildId} and user ${userId} first`);
      const joined = guild.departed.delete(userId) || !guild.memberRoles.has(userId);
      guild.memberRoles.set(userId, new Set(roleIds));
      gateway.dispatch(joined ? 'GUILD_MEMBER_ADD' : 'GUILD_MEMBER_UPDATE', { ...memberJson(user, guild), guild_id: guildId });
    },
    memberLeaves: (guildId, userId) => {
      const guild = state.guilds.get(guildId);
      const user = state.users.get(userId);
      if (!guild || !user) throw new TypeError(`fake discord: seed guild ${guildId} and user ${userId} first`);
      guild.departed.add(userId);
      guild.memberRoles.delete(userId);
      gateway.dispatch('GUILD_MEMBER_REMOVE', { guild_id: guildId, user: userJson(user) });
    },
    failNext: (matcher, failure, times = 1) => recorder.planFailure(matcher, failure, times),
    requestsMatching: (matcher) => recorder.matching(matcher),
    waitForRequests: (matcher, count = 1) => recorder.waitFor(matcher, count),
    messagesIn: (channelId) => state.messagesIn(channelId),
    close: async () => {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
