/**
 * A fake Telegram Bot API on 127.0.0.1 (one port) that the real grammy client runs against: `/bot<TOKEN>/<method>`
 * with getUpdates long polling, the send/delete methods, Telegram's error shape, injectable failures (429 with
 * `retry_after`, 400, 403…), 401 for a wrong token, and a record of every call for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatStore } from './chats.ts';
import { badRequest, CONFLICT_OTHER_POLL, NOT_FOUND, UNAUTHORIZED } from './errors.ts';
import { METHODS, type MethodEnv } from './methods.ts';
import { readParams } from './request-params.ts';
import type { FakeBotUser, FakeChat, InjectedFailure, RecordedRequest, SentMessage, TelegramErrorReply, UserSays } from './types.ts';
import { UpdateQueue } from './update-queue.ts';
import { chatOf, userMessageUpdate, type TelegramUpdate } from './updates.ts';

export interface FakeTelegramOptions {
  /** the token the fake accepts; default `123456789:FAKE-TOKEN` */
  readonly token?: string;
  readonly bot?: Partial<FakeBotUser>;
  /** chats that exist from the start */
  readonly chats?: readonly FakeChat[];
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
  /** every call, in arrival order */
  readonly requests: readonly RecordedRequest[];
  /** the calls of one method (case-insensitive) */
  calls(method: string): RecordedRequest[];
  addChat(chat: FakeChat): void;
  /** the user blocks the bot / the bot is removed from the group or channel: sends to it answer 403 */
  block(chatId: number): void;
  /** queues the update a user's message produces (the chat becomes known) */
  userSays(input: UserSays): { readonly updateId: number; readonly messageId: number };
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
  const queue = new UpdateQueue();
  const requests: RecordedRequest[] = [];
  const failures: InjectedFailure[] = [];
  const waiters: Waiter[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const env: MethodEnv = { chats, bot, now };
  let activePoll: { conflict(): void } | null = null;
  let closing = false;

  const sameMethod = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  function record(method: string, body: Readonly<Record<string, unknown>>, authorised: boolean): void {
    const request: RecordedRequest = { seq: requests.length + 1, method, body, authorised };
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
    activePoll?.conflict();
    let updates: TelegramUpdate[] = queue.take(offset, limit);
    if (updates.length === 0 && timeoutSeconds > 0 && !closing) {
      const wait = queue.wait(timeoutSeconds * 1000);
      let conflicted = false;
      const me = {
        conflict(): void {
          conflicted = true;
          wait.cancel();
        },
      };
      activePoll = me;
      res.on('close', () => wait.cancel());
      await wait.done;
      if (activePoll === me) activePoll = null;
      if (conflicted) return sendError(res, CONFLICT_OTHER_POLL);
      updates = queue.take(undefined, limit);
    }
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
    const authorised = decodeURIComponent(pathToken) === token;
    record(method, params, authorised);
    if (!authorised) return sendError(res, UNAUTHORIZED);
    const injected = injectedFailure(method, params);
    if (injected) return sendError(res, injected);
    if (sameMethod(method, 'getUpdates')) return poll(params, res);
    const handler = METHODS.get(method.toLowerCase());
    if (!handler) return sendError(res, NOT_FOUND);
    const outcome = handler(params, env);
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
    requests,
    calls: (method) => requests.filter((r) => sameMethod(r.method, method)),
    addChat: (chat) => void chats.add(chat),
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
