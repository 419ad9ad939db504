/**
 * The fake's WebSocket gateway (JSON encoding, no compression): HELLO on connect, READY and one GUILD_CREATE
 * per available guild after IDENTIFY, ACK for every heartbeat, RESUMED (with the events missed meanwhile) after RESUME,
 * and dispatches with an increasing sequence number. A frame that is not a JSON object with a numeric `op` is
 * answered like Discord does, by closing with 4002; an unknown op closes with 4001.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { guildCreateJson, userJson, type Json } from './json.ts';
import type { FakeDiscordState, FakeUser } from './state.ts';

export const GATEWAY_OPS = { dispatch: 0, heartbeat: 1, identify: 2, presence: 3, voice: 4, resume: 6, reconnect: 7, requestMembers: 8, invalidSession: 9, hello: 10, heartbeatAck: 11 } as const;

export interface IdentifyRecord {
  readonly token: string;
  readonly intents: number;
  readonly botId: string;
}

/** GatewayIntentBits.GuildMembers */
const GUILD_MEMBERS_INTENT = 1 << 1;
const MEMBER_EVENTS: ReadonlySet<string> = new Set(['GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE']);

interface Session {
  readonly id: string;
  readonly bot: FakeUser;
  readonly token: string;
  /** the intents of its IDENTIFY */
  readonly intents: number;
  seq: number;
  socket: WebSocket | null;
  /** dispatches made while no socket was attached, replayed on RESUME */
  readonly missed: { t: string; d: Json }[];
}

export interface GatewayHub {
  /** IDENTIFY payloads received, in order */
  readonly identifies: readonly IdentifyRecord[];
  /** how many RESUMEs were accepted */
  readonly resumes: number;
  /** sends an event to every identified session, or only to the sessions of one bot */
  dispatch(event: string, data: Json, toBotId?: string): void;
  /** closes every client connection with a resumable code (the clients reconnect and RESUME) */
  dropConnections(): void;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export interface GatewayOptions {
  readonly state: FakeDiscordState;
  readonly heartbeatIntervalMs: number;
  /** the URL READY gives as resume_gateway_url */
  gatewayUrl(): string;
  /** whether a token may identify; default every non-blank token */
  acceptsToken(token: string): boolean;
}

function parseFrame(data: RawData): { op: number; d: unknown } | null {
  try {
    const parsed = JSON.parse(data.toString()) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const op = (parsed as { op?: unknown }).op;
    return typeof op === 'number' ? { op, d: (parsed as { d?: unknown }).d } : null;
  } catch {
    return null;
  }
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function createGatewayHub(options: GatewayOptions): GatewayHub {
  const { state } = options;
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Map<string, Session>();
  const identifies: IdentifyRecord[] = [];
  let resumes = 0;

  const sendRaw = (socket: WebSocket, payload: Json): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
  };

  const sendDispatch = (session: Session, t: string, d: Json): void => {
    if (!session.socket || session.socket.readyState !== session.socket.OPEN) {
      session.missed.push({ t, d });
      return;
    }
    session.seq += 1;
    sendRaw(session.socket, { op: GATEWAY_OPS.dispatch, t, s: session.seq, d });
  };

  const identify = (socket: WebSocket, d: unknown): Session | null => {
    const data = recordOf(d);
    const token = typeof data.token === 'string' ? data.token.replace(/^Bot\s+/i, '') : '';
    if (!token || !options.acceptsToken(token)) {
      socket.close(4004, 'Authentication failed.');
      return null;
    }
    const bot = state.botForToken(token);
    identifies.push({ token, intents: typeof data.intents === 'number' ? data.intents : 0, botId: bot.id });
    const session: Session = { id: state.newToken().slice(0, 32), bot, token, intents: typeof data.intents === 'number' ? data.intents : 0, seq: 0, socket, missed: [] };
    sessions.set(session.id, session);
    const guilds = [...state.guilds.values()];
    sendDispatch(session, 'READY', {
      v: 10,
      user: { ...userJson(bot), verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: options.gatewayUrl(),
      application: { id: bot.id, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      ...(Array.isArray(data.shard) ? { shard: data.shard } : {}),
    });
    for (const guild of guilds) if (!guild.unavailable) sendDispatch(session, 'GUILD_CREATE', guildCreateJson(guild, state));
    return session;
  };

  const resume = (socket: WebSocket, d: unknown): Session | null => {
    const data = recordOf(d);
    const session = typeof data.session_id === 'string' ? sessions.get(data.session_id) : undefined;
    const token = typeof data.token === 'string' ? data.token.replace(/^Bot\s+/i, '') : '';
    if (!session || session.token !== token) {
      sendRaw(socket, { op: GATEWAY_OPS.invalidSession, d: false, s: null, t: null });
      return null;
    }
    resumes += 1;
    session.socket = socket;
    const missed = session.missed.splice(0);
    for (const event of missed) sendDispatch(session, event.t, event.d);
    sendDispatch(session, 'RESUMED', {});
    return session;
  };

  const onConnection = (socket: WebSocket): void => {
    let session: Session | null = null;
    sendRaw(socket, { op: GATEWAY_OPS.hello, d: { heartbeat_interval: options.heartbeatIntervalMs }, s: null, t: null });
    socket.on('message', (data) => {
      const frame = parseFrame(data);
      if (!frame) {
        socket.close(4002, 'Error while decoding payload.');
        return;
      }
      switch (frame.op) {
        case GATEWAY_OPS.heartbeat:
          sendRaw(socket, { op: GATEWAY_OPS.heartbeatAck, d: null, s: null, t: null });
          return;
        case GATEWAY_OPS.identify:
        case GATEWAY_OPS.resume:
          if (session) {
            socket.close(4005, 'Already authenticated.');
            return;
          }
          session = frame.op === GATEWAY_OPS.identify ? identify(socket, frame.d) : resume(socket, frame.d);
          return;
        case GATEWAY_OPS.presence:
        case GATEWAY_OPS.voice:
        case GATEWAY_OPS.requestMembers:
          return;
        default:
          socket.close(4001, 'Unknown opcode.');
      }
    });
    socket.on('close', () => {
      if (session?.socket === socket) session.socket = null;
    });
    socket.on('error', () => socket.terminate());
  };

  wss.on('connection', onConnection);

  return {
    identifies,
    get resumes() {
      return resumes;
    },
    dispatch(event, data, toBotId) {
      // like Discord, member events go only to sessions that asked for the privileged Server Members intent
      const needs = MEMBER_EVENTS.has(event) ? GUILD_MEMBERS_INTENT : 0;
      for (const session of sessions.values()) {
        if ((toBotId === undefined || session.bot.id === toBotId) && (session.intents & needs) === needs) sendDispatch(session, event, data);
      }
    },
    dropConnections() {
      for (const session of sessions.values()) session.socket?.close(4000, 'Unknown error.');
    },
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
