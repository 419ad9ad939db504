/**
 * The IP lists on the wire: raw HTTP/1.1 requests over TCP with every request-target form a client can send
 * (origin, asterisk and absolute forms, a fragment, a query, a doubled slash), IPv6 peers, and X-Forwarded-For with
 * trust_proxy off and on.
 */
import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { publicRoutes } from '../../../core/http/routes/public.ts';
import { createHttpServer } from '../../../core/http/server.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';

const TARGETS = ['/', '/#x', '*', 'http://host/', '/?a=b', '//'] as const;
const BODY = '[{"type":"pokemon","message":{}}]';

interface Lists {
  readonly whitelist?: string[];
  readonly blacklist?: string[];
  readonly trustProxy?: string[];
}

interface Running {
  readonly app: FastifyInstance;
  readonly host: string;
  readonly port: number;
  /** bodies handed to the intake */
  readonly queued: unknown[];
  /** client addresses the raw webhook log was given */
  readonly loggedIps: string[];
  readonly metrics: Metrics;
}

async function listening(host: string, lists: Lists): Promise<Running> {
  const queued: unknown[] = [];
  const loggedIps: string[] = [];
  const accept = async (body: unknown) => {
    queued.push(body);
    return { received: 1, queued: 1, refused: 0, rejected: [] };
  };
  const metrics = createMetrics({ collectProcess: false });
  const app = await createHttpServer(
    { ipWhitelist: lists.whitelist ?? [], ipBlacklist: lists.blacklist ?? [], trustProxy: lists.trustProxy ?? [], apiSecret: 's', bodyLimitBytes: 65_536, log: captureLog().log },
    [publicRoutes({ metrics, startedAt: Date.now(), accept, isStopping: () => false, logRaw: (ip) => loggedIps.push(ip) })],
    [(api) => void api.get('/echo', async () => ({ status: 'ok' }))],
  );
  await app.listen({ host, port: 0 });
  return { app, host, port: (app.server.address() as { port: number }).port, queued, loggedIps, metrics };
}

/** One request written byte for byte; resolves with the status code of the answer. */
function rawRequest(server: Running, target: string, headers: Record<string, string> = {}, method = 'POST'): Promise<number> {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: lookout', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(BODY)}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, server.host, () => socket.end(`${lines.join('\r\n')}\r\n\r\n${BODY}`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
      if (status) resolve(Number(status[1]));
      else reject(new Error(`no HTTP answer to ${target}: ${JSON.stringify(answer.slice(0, 200))}`));
    });
  });
}

async function withServer(host: string, lists: Lists, run: (server: Running) => Promise<void>): Promise<void> {
  const server = await listening(host, lists);
  try {
    await run(server);
  } finally {
    await server.app.close();
  }
}

async function assertEveryTargetRefused(server: Running, headers: Record<string, string> = {}): Promise<void> {
  for (const target of TARGETS) assert.equal(await rawRequest(server, target, headers), 403, `POST ${target}`);
  assert.deepEqual(server.queued, [], 'nothing reached the intake');
  const { values } = await server.metrics.webhooksRejected.get();
  const counted = values.find((v) => v.labels.reason === 'ip_forbidden')?.value ?? 0;
  assert.equal(counted, TARGETS.filter((t) => t !== '//').length, 'each refused webhook post is counted (`//` is no webhook route)');
}

async function ipv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });
}

describe('ip lists on the wire (IPv4 peer 127.0.0.1)', () => {
  test('a blacklisted address is refused 403 for every request-target form, nothing queued', async () => {
    await withServer('127.0.0.1', { blacklist: ['127.0.0.1'] }, (server) => assertEveryTargetRefused(server));
    await withServer('127.0.0.1', { blacklist: ['10.0.0.0/8', '127.0.0.0/8'] }, (server) => assertEveryTargetRefused(server));
  });

  test('an address outside the whitelist is refused 403 for every request-target form, nothing queued', async () => {
    await withServer('127.0.0.1', { whitelist: ['10.0.0.0/8', '::1'] }, (server) => assertEveryTargetRefused(server));
  });

  test('the same requests from a whitelisted address reach the webhook route (only // is no route)', async () => {
    await withServer('127.0.0.1', { whitelist: ['127.0.0.0/8'], blacklist: ['10.0.0.1'] }, async (server) => {
      for (const target of TARGETS) assert.equal(await rawRequest(server, target), target === '//' ? 404 : 200, `POST ${target}`);
      assert.equal(server.queued.length, TARGETS.length - 1);
    });
  });

  test('the /api scope is under the lists as before', async () => {
    await withServer('127.0.0.1', { blacklist: ['127.0.0.1'] }, async (server) => {
      assert.equal(await rawRequest(server, '/api/echo', { 'X-Service-Secret': 's' }, 'GET'), 403);
      assert.equal(await rawRequest(server, 'http://host/api/echo', { 'X-Service-Secret': 's' }, 'GET'), 403);
      assert.equal(await rawRequest(server, '/health', {}, 'GET'), 200);
    });
  });
});

describe('ip lists on the wire (IPv6 peer ::1)', () => {
  test('IPv6 addresses and CIDR blocks refuse ::1 for every request-target form; a matching whitelist lets it in', async (t) => {
    if (!(await ipv6Loopback())) return t.skip('this machine cannot listen on ::1');
    await withServer('::1', { blacklist: ['::1'] }, (server) => assertEveryTargetRefused(server));
    await withServer('::1', { blacklist: ['::/96'] }, (server) => assertEveryTargetRefused(server));
    await withServer('::1', { whitelist: ['2001:db8::/32', '127.0.0.1'] }, (server) => assertEveryTargetRefused(server));
    await withServer('::1', { whitelist: ['2001:db8::/32', '::1/128'], blacklist: ['fe80::/10'] }, async (server) => {
      assert.equal(await rawRequest(server, '/'), 200);
      assert.equal(server.queued.length, 1);
    });
  });
});

describe('trust_proxy and X-Forwarded-For', () => {
  const spoofed = { 'X-Forwarded-For': '203.0.113.9' };

  test('off: the header is ignored, so a client cannot spoof a whitelisted address or escape the blacklist', async () => {
    await withServer('127.0.0.1', { whitelist: ['203.0.113.9'] }, (server) => assertEveryTargetRefused(server, spoofed));
    await withServer('127.0.0.1', { blacklist: ['127.0.0.1'] }, (server) => assertEveryTargetRefused(server, spoofed));
  });

  test('on, but the peer is not a listed proxy: the header is ignored', async () => {
    await withServer('127.0.0.1', { whitelist: ['203.0.113.9'], trustProxy: ['10.9.9.9', '::1'] }, (server) => assertEveryTargetRefused(server, spoofed));
  });

  test('on, from a listed proxy: the forwarded address is the client for the lists and the logs', async () => {
    await withServer('127.0.0.1', { whitelist: ['203.0.113.0/24'], trustProxy: ['127.0.0.1'] }, async (server) => {
      assert.equal(await rawRequest(server, '/', spoofed), 200);
      assert.deepEqual(server.loggedIps, ['203.0.113.9']);
      assert.equal(await rawRequest(server, '/'), 403, 'the proxy itself is not whitelisted');
    });
    await withServer('127.0.0.1', { blacklist: ['203.0.113.9'], trustProxy: ['127.0.0.0/8'] }, (server) => assertEveryTargetRefused(server, spoofed));
  });

  test('on: a client that sends its own header through the proxy is still judged by the address the proxy saw', async () => {
    // the client wrote 203.0.113.9; the proxy appended the address it really came from
    const chain = { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' };
    await withServer('127.0.0.1', { whitelist: ['203.0.113.9'], trustProxy: ['127.0.0.1'] }, (server) => assertEveryTargetRefused(server, chain));
  });
});
