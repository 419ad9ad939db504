/**
 * A fake Telegram Bot API on 127.0.0.1 (one port) that the real grammy client runs against: `/bot<TOKEN>/<method>`
 * with getUpdates long polling (and its `allowed_updates`, remembered between calls as Telegram does), the
 * send/delete methods, group members (getChatMember, and `chat_member` updates and service messages when a
 * member's status changes), Telegram's error shape, injectable failures (429 with `retry_after`, 400, 403…), 401
 * for a wrong token, and a record of every call for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatStore } from './chats.ts';
import { badRequest, CONFLICT_OTHER_POLL, NOT_FOUND, UNAUTHORIZED } from './errors.ts';
import { MemberStore, membershipOf } from './members.ts';
import { METHODS, type MethodEnv } from './methods.ts';
import { readParams } from './request-params.ts';
import type { ChatMemberStatus, FakeBotUser, FakeChat, FakeUser, InjectedFailure, MemberChange, RecordedRequest, SentMessage, TelegramErrorReply, UserSays } from './types.ts';
import { UpdateQueue } from './update-queue.ts';
import { chatMemberUpdate, chatOf, memberServiceMessage, updateTypeOf, userMessageUpdate, type TelegramUpdate } from './updates.ts';

export interface FakeTelegramOptions {
  /** the token the fake accepts; default `123456789:FAKE-TOKEN` */
  readonly token?: string;
  readonly bot?: Partial<FakeBotUser>;
  /**
   * further bots, each with its own token and account: every bot may call every method (its sends are recorded
   * with its id); updates are shared, so only one of them should poll
   */
  readonly extraBots?: readonly { readonly token: string; readonly bot?: Partial<FakeBotUser> }[];
  /** chats that exist from the start */
  readonly chats?: readonly FakeChat[];
  /** user accounts that exist from the start (getChatMember knows them) */
  readonly users?: readonly FakeUser[];
}

export interface FailOptions {
  /** how many matching calls fail; default 1 */
  readonly times?: number;
  /** only calls whose parameters satisfy this fail */
  readonly when?: (body: Readonly<Record<string, unknown>>) => boolean;
}

export interface FakeTelegram {
  /** for grammy's `client.apiRoot` */
  readonly apiRoot: string;
  readonly token: string;
  readonly bot: FakeBotUser;
  /** the account of any of the fake's tokens */
  botFor(token: string): FakeBotUser;
  /** every call, in arrival order */
  readonly requests: readonly RecordedRequest[];
  /** the calls of one method (case-insensitive) */
  calls(method: string): RecordedRequest[];
  addChat(chat: FakeChat): void;
  /** the user blocks the bot / the bot is removed from the group or channel: sends to it answer 403 */
  block(chatId: number): void;
  /** queues the update a user's message produces (the chat becomes known) */
  userSays(input: UserSays): { readonly updateId: number; readonly messageId: number };
  /** adds or replaces a user account (getChatMember answers 400 "user not found" for unknown ones) */
  addUser(user: FakeUser): void;
  /** seeds a member's status in a chat, without any update (the user must be known) */
  setMember(chatId: number, userId: number, status: ChatMemberStatus, isMember?: boolean): void;
  /**
   * a member's status changes (joins, leaves, is kicked or restricted): queues the `chat_member` update (delivered
   * only to a bot whose getUpdates allowed `chat_member`) and, when the user entered or left the chat, the group's
   * `new_chat_members` / `left_chat_member` message; answers their update ids
   */
  changeMember(chatId: number, userId: number, change: MemberChange): readonly number[];
  /** the update types the bot's getUpdates asked for, or null for Telegram's default (no chat_member) */
  allowedUpdates(): readonly string[] | null;
  /** the next matching call(s) of `method` answer `error` instead */
  fail(method: string, error: TelegramErrorReply, options?: FailOptions): void;
  /** the bot's messages still present (not deleted), in sending order */
  messages(chatId?: number): SentMessage[];
  /** the first call of `method` (already made or still to come) satisfying `predicate` */
  waitFor(method: string, predicate?: (body: Readonly<Record<string, unknown>>) => boolean): Promise<RecordedRequest>;
  close(): Promise<void>;
}

interface Waiter {
  readonly method: string;
  readonly predicate: (body: Readonly<Record<string, unknown>>) => boolean;
  readonly resolve: (request: RecordedRequest) => void;
}

const MAX_UPDATES = 100;
/** What Telegram delivers when a bot never named its allowed_updates (or sent an empty list). */
const NOT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: TelegramErrorReply): void {
  sendJson(res, error.error_code, { ok: false, ...error });
}

function numberOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? '123456789:FAKE-TOKEN';
  const bot: FakeBotUser = { id: 123456789, first_name: 'Lookout', username: 'lookout_test_bot', ...options.bot };
  const chats = new ChatStore();
  for (const chat of options.chats ?? []) chats.add(chat);
  const members = new MemberStore(bot);
  for (const user of options.users ?? []) members.addUser(user);
  const queue = new UpdateQueue();
  let allowedUpdates: ReadonlySet<string> | null = null;
  const isAllowed = (update: TelegramUpdate): boolean => {
    const type = updateTypeOf(update);
    return allowedUpdates === null ? !NOT_BY_DEFAULT.has(type) : allowedUpdates.has(type);
  };
  const requests: RecordedRequest[] = [];
  const failures: InjectedFailure[] = [];
  const waiters: Waiter[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const env: MethodEnv = { chats, members, bot, now };
  const bots = new Map<string, FakeBotUser>([[token, bot]]);
  (options.extraBots ?? []).forEach((extra, i) => {
    bots.set(extra.token, { id: bot.id + i + 1, first_name: `Lookout ${i + 2}`, username: `lookout_test_bot_${i + 2}`, ...extra.bot });
  });
  let activePoll: { conflict(): void } | null = null;
  let closing = false;

  const sameMethod = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  function record(method: string, body: Readonly<Record<string, unknown>>, callerToken: string, authorised: boolean): void {
    const request: RecordedRequest = { seq: requests.length + 1, method, body, authorised, token: callerToken, receivedAt: Date.now() };
    requests.push(request);
    for (const waiter of [...waiters]) {
      if (!sameMethod(waiter.method, method) || !waiter.predicate(body)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(request);
    }
  }

  function injectedFailure(method: string, body: Readonly<Record<string, unknown>>): TelegramErrorReply | undefined {
    const failure = failures.find((f) => sameMethod(f.method, method) && f.remaining > 0 && (!f.when || f.when(body)));
    if (!failure) return undefined;
    failure.remaining--;
    return failure.error;
  }

  async function poll(params: Readonly<Record<string, unknown>>, res: ServerResponse): Promise<void> {
    const offset = numberOf(params.offset);
    const limit = Math.min(MAX_UPDATES, Math.max(1, numberOf(params.limit) ?? MAX_UPDATES));
    const timeoutSeconds = Math.max(0, numberOf(params.timeout) ?? 0);
    // an empty list means the default; an absent one keeps the previous setting
    if (Array.isArray(params.allowed_updates)) allowedUpdates = params.allowed_updates.length === 0 ? null : new Set(params.allowed_updates.map(String));
    activePoll?.conflict();
    let updates: TelegramUpdate[] = queue.take(offset, limit, isAllowed);
    const deadline = Date.now() + timeoutSeconds * 1000;
    let ended = false;
    let conflicted = false;
    let current: { cancel(): void } | null = null;
    res.on('close', () => {
      ended = true;
      current?.cancel();
    });
    const me = {
      conflict(): void {
        conflicted = true;
        current?.cancel();
      },
    };
    // an update the bot did not allow wakes the poll but is not delivered: wait on until the timeout
    while (updates.length === 0 && !closing && !ended && !conflicted && Date.now() < deadline) {
      const wait = queue.wait(deadline - Date.now());
      current = wait;
      activePoll = me;
      await wait.done;
      updates = queue.take(undefined, limit, isAllowed);
    }
    if (activePoll === me) activePoll = null;
    if (conflicted) return sendError(res, CONFLICT_OTHER_POLL);
    sendJson(res, 200, { ok: true, result: updates });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const route = /^\/bot([^/]+)\/([A-Za-z]+)\/?$/.exec(url.pathname);
    if (!route) return sendError(res, NOT_FOUND);
    const [, pathToken, method] = route as unknown as [string, string, string];
    let params: Record<string, unknown>;
    try {
      params = await readParams(req, url);
    } catch (err) {
      return sendError(res, badRequest((err as Error).message));
    }
    const callerToken = decodeURIComponent(pathToken);
    const caller = bots.get(callerToken);
    record(method, params, callerToken, caller !== undefined);
    if (!caller) return sendError(res, UNAUTHORIZED);
    const injected = injectedFailure(method, params);
    if (injected) return sendError(res, injected);
    if (sameMethod(method, 'getUpdates')) return poll(params, res);
    const handler = METHODS.get(method.toLowerCase());
    if (!handler) return sendError(res, NOT_FOUND);
    const outcome = handler(params, caller === bot ? env : { ...env, bot: caller });
    if (outcome.ok) sendJson(res, 200, { ok: true, result: outcome.result });
    else sendError(res, outcome.error);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendJson(res, 500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(err)}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    bot,
    botFor: (of) => {
      const found = bots.get(of);
      if (!found) throw new Error(`fake telegram: no bot has the token ${of}`);
      return found;
    },
    requests,
    calls: (method) => requests.filter((r) => sameMethod(r.method, method)),
    addChat: (chat) => void chats.add(chat),
    addUser: (user) => members.addUser(user),
    setMember(chatId, userId, status, isMember) {
      if (!members.user(userId)) throw new Error(`fake telegram: user ${userId} is not known (addUser first)`);
      members.set(chatId, userId, membershipOf(status, isMember));
    },
    changeMember(chatId, userId, change) {
      const chat = chats.find(chatId);
      const user = members.user(userId);
      const by = members.user(change.by ?? userId);
      if (!chat || !user || !by) throw new Error(`fake telegram: chat ${chatId}, user ${userId} and the one changing it must be known`);
      const before = members.get(chat.id, chat.type, userId);
      const after = membershipOf(change.status, change.isMember);
      members.set(chat.id, userId, after);
      const input = { chat, user, by, before, after, date: now() };
      const ids = [queue.push((updateId) => chatMemberUpdate(input, updateId)).update_id];
      if (change.serviceMessage !== false && chat.type !== 'channel' && before.isMember !== after.isMember) {
        const messageId = chats.nextMessageId(chat.id);
        const message = queue.push((updateId) => memberServiceMessage(input, updateId, messageId));
        ids.push(message.update_id);
      }
      return ids;
    },
    allowedUpdates: () => (allowedUpdates === null ? null : [...allowedUpdates]),
    block: (chatId) => chats.block(chatId),
    userSays(input) {
      const chat = chats.find(input.chatId) ?? chats.add(chatOf(input));
      const messageId = chats.nextMessageId(chat.id);
      const update = queue.push((updateId) => userMessageUpdate(input, chat, updateId, messageId, now()));
      return { updateId: update.update_id, messageId };
    },
    fail(method, error, failOptions = {}) {
      failures.push({ method, error, remaining: failOptions.times ?? 1, ...(failOptions.when ? { when: failOptions.when } : {}) });
    },
    messages: (chatId) => chats.list(chatId),
    waitFor(method, predicate = () => true) {
      const found = requests.find((r) => sameMethod(r.method, method) && predicate(r.body));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ method, predicate, resolve }));
    },
    async close() {
      closing = true;
      queue.wakeAll();
      await new Promise((resolve) => setImmediate(resolve));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
