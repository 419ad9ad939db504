/**
 * POST /api/postMessage and /api/deliverMessages through the HTTP server as the app builds it (auth, error shape),
 * with the real direct messenger over a recording Dispatcher and fake platforms: both routes, one item or an array,
 * text and object messages, loose JSON, every refusal naming the item and field with nothing queued, the 503 when
 * no platform serves a type, and the secret.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PlatformPlugin } from '../../../../core/contract.ts';
import { messageApiRoutes } from '../../../../core/http/api/messages.ts';
import { DEFAULT_TTH_MS } from '../../../../core/http/api/message-items.ts';
import { createHttpServer } from '../../../../core/http/server.ts';
import { captureLog } from '../../../helpers/log-capture.ts';
import { FAKE_PLATFORMS, messengerRig, type MessengerRig } from '../../delivery/direct-fixtures.ts';

const SECRET = 'messages-test-secret';
const NOW = 1_700_000_000_000;
const HOOK = 'https://discord.com/api/webhooks/1/token';

interface Rig extends MessengerRig {
  readonly app: FastifyInstance;
  post(path: string, payload: unknown, secret?: string | null): Promise<LightMyRequestResponse>;
}

async function rig(platforms: readonly PlatformPlugin[] = FAKE_PLATFORMS): Promise<Rig> {
  const parts = messengerRig(platforms, NOW);
  const app = await createHttpServer(
    { ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024 * 1024, log: captureLog().log },
    [],
    [messageApiRoutes({ messenger: parts.messenger })],
  );
  return {
    ...parts,
    app,
    post: (path, payload, secret = SECRET) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-poracle-secret': secret }) },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
  };
}

const hello = { target: '123', type: 'discord:user', message: { content: 'Hello' } };

describe('POST /api/postMessage and /api/deliverMessages', () => {
  for (const path of ['/api/postMessage', '/api/deliverMessages']) {
    test(`${path}: one object or an array; each item queued in order for its platform`, async () => {
      const r = await rig();
      const one = await r.post(path, hello);
      assert.equal(one.statusCode, 200, one.body);
      assert.deepEqual(one.json(), { status: 'ok', queued: 1 });
      const many = await r.post(path, [
        { target: HOOK, type: 'webhook', message: 'to the hook' },
        { target: '-100200', type: 'telegram:group', name: 'Group', message: { content: '*bold*', parse_mode: 'Markdown' } },
      ]);
      assert.deepEqual(many.json(), { status: 'ok', queued: 2 });
      assert.deepEqual(
        r.dispatcher.dispatched.map((d) => [d.platform.name, d.job.target.id, d.job.message.platform, d.job.message.body]),
        [
          ['discord', '123', 'discord', { content: 'Hello' }],
          ['webhook', HOOK, 'discord', { content: 'to the hook' }],
          ['telegram', '-100200', 'telegram', { content: '*bold*', parse_mode: 'Markdown' }],
        ],
      );
    });
  }

  test('the previous defaults: name "", server language, one hour to live, not cleaned, reference WebApi, no location pin', async () => {
    const r = await rig();
    await r.post('/api/postMessage', { ...hello, lat: 0, lon: 0 });
    const { job } = r.dispatcher.dispatched[0]!;
    assert.deepEqual(job.target, { id: '123', type: 'discord:user', name: '', language: null });
    assert.equal(job.expiresAt, NOW + DEFAULT_TTH_MS);
    assert.equal(job.clean, 0);
    assert.equal(job.location, undefined);
    assert.match(job.meta.eventId, /^WebApi-/);
    assert.equal(r.captured.find('direct message queued')?.reference, 'WebApi');
  });

  test('every field as given, in loose JSON: numbers as strings, clean as "true", tth parts as text, embeds kept', async () => {
    const r = await rig();
    const message = { content: 'c', embeds: [{ title: 'T', description: 'D', color: 255 }] };
    const res = await r.post('/api/postMessage', [
      {
        target: 123,
        type: 'discord:channel',
        name: 'Raids',
        message,
        tth: { days: '1', hours: 2, minutes: '3', seconds: 4 },
        clean: 'true',
        language: 'DE',
        lat: '51.5',
        lon: '-0.12',
        emoji: ['👍'],
        logReference: 'Dashboard',
        editKey: 'k1',
        replyKey: 'k0',
      },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const { job } = r.dispatcher.dispatched[0]!;
    assert.deepEqual(job.target, { id: '123', type: 'discord:channel', name: 'Raids', language: 'de' });
    assert.deepEqual(job.message.body, message);
    assert.equal(job.expiresAt, NOW + 86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4000);
    assert.equal(job.clean, 1);
    assert.deepEqual(job.location, { latitude: 51.5, longitude: -0.12 });
    assert.match(job.meta.eventId, /^Dashboard-/);
  });

  test('clean as a boolean, 0/1 or PoracleNG bitmask: only the clean bit (1) cleans', async () => {
    const r = await rig();
    const values = [true, false, 1, 0, '1', 'false', 3, 2, 4, 7];
    await r.post('/api/postMessage', values.map((clean) => ({ ...hello, clean })));
    assert.deepEqual(
      r.dispatcher.dispatched.map((d) => d.job.clean),
      [1, 0, 1, 0, 1, 0, 1, 0, 0, 1],
    );
  });

  test('the neutral type spellings: chat_a:… is discord:…, chat_b:… is telegram:…', async () => {
    const r = await rig();
    await r.post('/api/postMessage', [
      { target: '1', type: 'chat_a:user', message: 'a' },
      { target: '2', type: 'CHAT_B:channel', message: 'b' },
    ]);
    assert.deepEqual(
      r.dispatcher.dispatched.map((d) => [d.job.target.type, d.platform.name]),
      [
        ['discord:user', 'discord'],
        ['telegram:channel', 'telegram'],
      ],
    );
  });

  const refusals: readonly (readonly [string, unknown, RegExp])[] = [
    ['missing target', [hello, { type: 'discord:user', message: 'x' }], /^body\[1\]\.target is required$/],
    ['empty target', [{ ...hello, target: '' }], /^body\[0\]\.target is required$/],
    ['target with control characters', { ...hello, target: 'a\u0001b' }, /^body\[0\]\.target must be /],
    ['target not a string', { ...hello, target: { id: 1 } }, /^body\[0\]\.target must be a string/],
    ['a path that is not a URL', { ...hello, target: '../etc' }, /^body\[0\]\.target must be /],
    ['URL target for a discord type', { ...hello, target: HOOK }, /^body\[0\]\.target must be a user or channel id/],
    ['webhook type without a URL', { ...hello, type: 'webhook' }, /^body\[0\]\.target must be a webhook URL/],
    ['missing type', [hello, hello, { target: '1', message: 'x' }], /^body\[2\]\.type is required$/],
    ['bad type', { ...hello, type: 'discord user' }, /^body\[0\]\.type must be a target type/],
    ['type not a string', { ...hello, type: 5 }, /^body\[0\]\.type must be a target type/],
    ['missing message', { target: '1', type: 'discord:user' }, /^body\[0\]\.message is required$/],
    ['message a number', { ...hello, message: 42 }, /^body\[0\]\.message must be a message object .* or a text$/],
    ['message an array', { ...hello, message: ['x'] }, /^body\[0\]\.message must be a message object/],
    ['empty text', { ...hello, message: '  ' }, /^body\[0\]\.message must be a non-empty/],
    ['empty object', { ...hello, message: {} }, /^body\[0\]\.message must be a non-empty/],
    ['tth not an object', { ...hello, tth: 60 }, /^body\[0\]\.tth must be an object of days, hours, minutes and seconds$/],
    ['negative tth part', { ...hello, tth: { hours: -1 } }, /^body\[0\]\.tth\.hours must be a whole number of at least 0/],
    ['tth part not a number', { ...hello, tth: { minutes: 'soon' } }, /^body\[0\]\.tth\.minutes must be a whole number/],
    ['unknown tth part', { ...hello, tth: { weeks: 1 } }, /^body\[0\]\.tth\.weeks: unknown field/],
    ['tth past a year', { ...hello, tth: { days: 366 } }, /^body\[0\]\.tth must be at most 365 days$/],
    ['clean out of the bitmask', { ...hello, clean: 9 }, /^body\[0\]\.clean must be a whole number from 0 to 7$/],
    ['clean a word', { ...hello, clean: 'maybe' }, /^body\[0\]\.clean must be true or false/],
    ['lat without lon', { ...hello, lat: 51 }, /^body\[0\]\.lat and body\[0\]\.lon must be given together$/],
    ['lat out of range', { ...hello, lat: 95, lon: 0 }, /^body\[0\]\.lat must be between -90 and 90$/],
    ['lon not a number', { ...hello, lat: 1, lon: 'east' }, /^body\[0\]\.lon must be a number$/],
    ['bad language', { ...hello, language: 'english please' }, /^body\[0\]\.language must be a language code/],
    ['name not a string', { ...hello, name: { first: 'a' } }, /^body\[0\]\.name must be a string$/],
    ['unknown field', [hello, { ...hello, colour: 'red' }], /^body\[1\]\.colour: unknown field colour$/],
    ['an item that is not an object', [hello, 'hello'], /^body\[1\] must be a JSON object$/],
    ['an empty array', [], /^body must not be empty$/],
  ];
  for (const [what, body, message] of refusals) {
    test(`400 with nothing queued: ${what}`, async () => {
      const r = await rig();
      const res = await r.post('/api/deliverMessages', body);
      assert.equal(res.statusCode, 400, res.body);
      const answer = res.json() as { status: string; message: string };
      assert.equal(answer.status, 'error');
      assert.match(answer.message, message);
      assert.equal(r.dispatcher.dispatched.length, 0);
    });
  }

  test('400 for a body that is not JSON and for no body', async () => {
    const r = await rig();
    assert.equal((await r.post('/api/postMessage', '{"target":')).statusCode, 400);
    const empty = await r.app.inject({ method: 'POST', url: '/api/postMessage', headers: { 'x-service-secret': SECRET } });
    assert.equal(empty.statusCode, 400);
    assert.match((empty.json() as { message: string }).message, /body is required/);
    assert.equal(r.dispatcher.dispatched.length, 0);
  });

  test('503 naming the type when no running platform serves an item, and nothing of the batch is queued', async () => {
    const r = await rig([FAKE_PLATFORMS[1]!]);
    const res = await r.post('/api/postMessage', [{ target: HOOK, type: 'webhook', message: 'ok' }, hello, { ...hello, target: '2' }]);
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: 'error', message: 'no platform is running for discord:user' });
    assert.equal(r.dispatcher.dispatched.length, 0);
  });

  test('401 without the secret or with a wrong one; nothing queued', async () => {
    const r = await rig();
    const missing = await r.post('/api/postMessage', hello, null);
    assert.equal(missing.statusCode, 401);
    assert.equal((missing.json() as { status: string }).status, 'authError');
    assert.equal((await r.post('/api/deliverMessages', hello, 'wrong')).statusCode, 401);
    assert.equal(r.dispatcher.dispatched.length, 0);
  });
});
