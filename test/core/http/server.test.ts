import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LookoutError } from '../../../core/errors.ts';
import { createHttpServer } from '../../../core/http/server.ts';
import { publicRoutes } from '../../../core/http/routes/public.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import type { IntakeResult } from '../../../core/pipeline/intake.ts';
import { captureLog } from '../../helpers/log-capture.ts';

interface Setup {
  secret?: string;
  whitelist?: string[];
  blacklist?: string[];
  accept?: (body: unknown) => Promise<IntakeResult>;
}

async function server(options: Setup = {}): Promise<{ app: FastifyInstance; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  const metrics = createMetrics({ collectProcess: false });
  const accept =
    options.accept ??
    (async (body: unknown) => {
      bodies.push(body);
      const n = Array.isArray(body) ? body.length : 1;
      return { received: n, queued: n, refused: 0, rejected: [] };
    });
  const app = await createHttpServer(
    { ipWhitelist: options.whitelist ?? [], ipBlacklist: options.blacklist ?? [], apiSecret: options.secret ?? 's3cret', bodyLimitBytes: 1024 * 1024, log: captureLog().log },
    [publicRoutes({ metrics, startedAt: Date.now(), accept, isStopping: () => false })],
    [
      (api) => {
        api.get('/echo', async () => ({ status: 'ok' }));
        api.post('/boom', async () => {
          throw new Error('bug');
        });
        api.get('/down', async () => {
          throw new LookoutError('UNAVAILABLE', 'no platform is running for telegram:user');
        });
      },
    ],
  );
  return { app, bodies };
}

describe('http server', () => {
  let app: FastifyInstance;
  let bodies: unknown[];
  before(async () => ({ app, bodies } = await server()));
  after(() => app.close());

  test('GET /health answers 200 JSON without a secret', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'ok');
  });

  test('a path that is not valid percent-encoding answers 400 in the error shape', async () => {
    for (const url of ['/api/echo/%E0%A4%A', '/api/%zz', '/%']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-service-secret': 's3cret' } });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { status: 'error', message: 'the path is not valid URL encoding' });
    }
  });

  test('GET /metrics answers Prometheus text', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /text\/plain/);
    assert.match(res.body, /lookout_webhooks_received_total/);
  });

  test('POST / accepts an array and a single object', async () => {
    const batch = [{ type: 'pokemon', message: { a: 1 } }];
    let res = await app.inject({ method: 'POST', url: '/', payload: batch });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().queued, 1);
    res = await app.inject({ method: 'POST', url: '/', payload: { type: 'raid', message: {} } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(bodies.at(-1), { type: 'raid', message: {} });
  });

  test('POST / with a body that is not JSON → 400 with a reason', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: '[{"type": "pokemon",', headers: { 'content-type': 'application/json' } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().status, 'error');
    assert.match(res.json().message, /not valid JSON/);
  });

  test('POST / with JSON that is not an object or array → 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: '42', headers: { 'content-type': 'application/json' } });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /array of \{type, message\}/);
  });

  test('POST / without content-type is still parsed as JSON (scanners vary)', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: '[{"type":"pokemon","message":{}}]', headers: { 'content-type': 'text/plain' } });
    assert.equal(res.statusCode, 200);
  });

  test('/api needs the secret: missing → 401 authError, wrong → 401, right → 200, header names case-insensitive', async () => {
    let res = await app.inject({ method: 'GET', url: '/api/echo' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().status, 'authError');
    assert.match(res.json().reason, /missing/);
    res = await app.inject({ method: 'GET', url: '/api/echo', headers: { 'x-service-secret': 'nope' } });
    assert.equal(res.statusCode, 401);
    res = await app.inject({ method: 'GET', url: '/api/echo', headers: { 'X-SERVICE-SECRET': 's3cret' } });
    assert.equal(res.statusCode, 200);
    res = await app.inject({ method: 'GET', url: '/api/echo', headers: { 'X-Poracle-Secret': 's3cret' } });
    assert.equal(res.statusCode, 200);
  });

  test('unknown /api routes need the secret too, then answer 404 in the error shape', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode, 401);
    const res = await app.inject({ method: 'GET', url: '/api/nothing', headers: { 'x-service-secret': 's3cret' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().status, 'error');
  });

  test('a bug in a handler is a 500 in the error shape, without internals', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/boom', headers: { 'x-service-secret': 's3cret' } });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { status: 'error', message: 'internal error; see the service log' });
  });

  test('a dependency that is not running is a 503 that says what is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/down', headers: { 'x-service-secret': 's3cret' } });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: 'error', message: 'no platform is running for telegram:user' });
  });

  test('invalid JSON on /api is a 400, not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/boom', payload: '{oops', headers: { 'x-service-secret': 's3cret', 'content-type': 'application/json' } });
    assert.equal(res.statusCode, 400);
  });

  test('a body over the limit is a 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/', payload: JSON.stringify([{ type: 'x', message: { pad: 'x'.repeat(2 * 1024 * 1024) } }]), headers: { 'content-type': 'application/json' } });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().status, 'error');
  });
});

describe('http server: the /api body limit', () => {
  test('an /api body over its own (smaller) limit is a 413 in the error shape, while POST / takes it', async () => {
    const metrics = createMetrics({ collectProcess: false });
    const accept = async () => ({ received: 1, queued: 1, refused: 0, rejected: [] });
    const app = await createHttpServer(
      { ipWhitelist: [], ipBlacklist: [], apiSecret: 's', bodyLimitBytes: 100_000, apiBodyLimitBytes: 1_000, log: captureLog().log },
      [publicRoutes({ metrics, startedAt: Date.now(), accept, isStopping: () => false })],
      [(api) => void api.post('/echo', async () => ({ status: 'ok' }))],
    );
    const payload = JSON.stringify([{ type: 'x', message: { pad: 'x'.repeat(5_000) } }]);
    const headers = { 'content-type': 'application/json', 'x-service-secret': 's' };
    const big = await app.inject({ method: 'POST', url: '/api/echo', payload, headers });
    assert.equal(big.statusCode, 413);
    assert.equal(big.json().status, 'error');
    assert.equal((await app.inject({ method: 'POST', url: '/api/echo', payload: '{}', headers })).statusCode, 200);
    assert.equal((await app.inject({ method: 'POST', url: '/', payload, headers })).statusCode, 200);
    await app.close();
  });
});

describe('http server: blank secret and ip lists', () => {
  test('blank api_secret disables the authenticated API with a 403 that says how to enable it', async () => {
    const { app } = await server({ secret: '' });
    const res = await app.inject({ method: 'GET', url: '/api/echo', headers: { 'x-service-secret': '' } });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().status, 'error');
    assert.match(res.json().message, /api_secret/);
    assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    await app.close();
  });

  test('ip whitelist and blacklist apply to POST / and /api with a 403 reason; /health stays open', async () => {
    const { app } = await server({ whitelist: ['10.0.0.0/8'] });
    let res = await app.inject({ method: 'POST', url: '/', payload: [], remoteAddress: '127.0.0.1' });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().message, /not in whitelist/);
    res = await app.inject({ method: 'POST', url: '/', payload: [], remoteAddress: '10.1.2.3' });
    assert.equal(res.statusCode, 200);
    res = await app.inject({ method: 'GET', url: '/api/echo', headers: { 'x-service-secret': 's3cret' }, remoteAddress: '127.0.0.1' });
    assert.equal(res.statusCode, 403);
    assert.equal((await app.inject({ method: 'GET', url: '/health', remoteAddress: '127.0.0.1' })).statusCode, 200);
    await app.close();
    const blocked = await server({ blacklist: ['127.0.0.1'] });
    res = await blocked.app.inject({ method: 'POST', url: '/', payload: [], remoteAddress: '::ffff:127.0.0.1' });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().message, /in blacklist/);
    await blocked.app.close();
  });

  test('a full intake queue answers 503 and says how many items were refused', async () => {
    const { app } = await server({ accept: async () => ({ received: 3, queued: 1, refused: 2, rejected: [] }) });
    const res = await app.inject({ method: 'POST', url: '/', payload: [{}, {}, {}] });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().refused, 2);
    await app.close();
  });

  test('a request the HTTP parser refuses gets the error shape and Connection: close', async () => {
    const { app } = await server();
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as { port: number };
      // a path with raw latin-1 bytes (not URL characters), as some clients send
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from('GET /api/humans/\xfc\xe9 HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = answer.split('\r\n\r\n') as [string, string];
      assert.match(head, /^HTTP\/1\.1 400 /);
      assert.match(head, /\r\nConnection: close\r\n/i, 'a keep-alive client must not reuse the socket');
      assert.equal(JSON.parse(body).status, 'error');
      assert.match(JSON.parse(body).message, /not valid HTTP/);
    } finally {
      await app.close();
    }
  });
});
