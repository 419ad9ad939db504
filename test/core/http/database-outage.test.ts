/**
 * The HTTP layer when the database is down, without a database: a route whose database call fails for an outage
 * answers 503 in the error shape (a bug still 500), a handler that never finishes answers 503 after the server's
 * handler timeout, and /health stays 200 reporting whether the database answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import type { DatabaseHealth } from '../../../core/db/health-probe.ts';
import { createHttpServer } from '../../../core/http/server.ts';
import { publicRoutes } from '../../../core/http/routes/public.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';

const SECRET = 'outage-secret';

function driverError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('http during a database outage', () => {
  let app: FastifyInstance;
  let logs: CapturedLog;
  let database: DatabaseHealth = 'ok';
  let journal: 'ok' | 'unavailable' | 'off' = 'ok';
  before(async () => {
    logs = captureLog();
    const metrics = createMetrics({ collectProcess: false });
    const accept = async () => ({ received: 1, queued: 1, refused: 0, rejected: [] });
    app = await createHttpServer(
      { ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024 * 1024, log: logs.log, handlerTimeoutMs: 50 },
      [publicRoutes({ metrics, startedAt: Date.now(), accept, isStopping: () => false, databaseHealth: async () => database, journalHealth: () => journal })],
      [
        (api) => {
          api.get('/refused', async () => {
            throw driverError('connect ECONNREFUSED 127.0.0.1:3306', { code: 'ECONNREFUSED', errno: -111 });
          });
          api.patch('/lost', async () => {
            throw driverError('Connection lost: The server closed the connection.', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
          });
          api.get('/pool', async () => {
            throw new knexFactory.KnexTimeoutError('Knex: Timeout acquiring a connection. The pool is probably full.');
          });
          api.get('/bug', async () => {
            throw new TypeError('cannot read properties of undefined');
          });
          api.get('/duplicate', async () => {
            throw driverError("Duplicate entry 'x' for key 'PRIMARY'", { code: 'ER_DUP_ENTRY', errno: 1062 });
          });
          api.get('/hangs', () => new Promise(() => {}));
        },
      ],
    );
  });
  after(() => app.close());

  const get = (url: string, method: 'GET' | 'PATCH' = 'GET') => app.inject({ method, url, headers: { 'x-service-secret': SECRET } });

  test('a database call failing for an outage answers 503 with the error body, the driver reason in the log', async () => {
    for (const [url, method] of [['/api/refused', 'GET'], ['/api/lost', 'PATCH'], ['/api/pool', 'GET']] as const) {
      const res = await get(url, method);
      assert.equal(res.statusCode, 503, url);
      assert.deepEqual(res.json(), { status: 'error', message: 'the database is unreachable; try again later' }, url);
    }
    const line = logs.find('request failed: database unreachable');
    assert.equal(line?.level, 'warn');
    assert.match(String(line?.reason), /ECONNREFUSED/);
  });

  test('a bug, or a database error that is no outage, still answers 500', async () => {
    for (const url of ['/api/bug', '/api/duplicate']) {
      const res = await get(url);
      assert.equal(res.statusCode, 500, url);
      assert.deepEqual(res.json(), { status: 'error', message: 'internal error; see the service log' });
    }
  });

  test('a handler that never finishes answers 503 with the error body after the handler timeout', { timeout: 10_000 }, async () => {
    const res = await get('/api/hangs');
    assert.equal(res.statusCode, 503);
    const body = res.json() as { status: string; message: string };
    assert.equal(body.status, 'error');
    assert.match(body.message, /timed out/);
  });

  test('/health answers 200 and says whether the database answers', async () => {
    database = 'ok';
    let res = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().database, 'ok');
    database = 'unreachable';
    res = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.statusCode, 200);
    const body = res.json() as Record<string, unknown>;
    assert.equal(body.database, 'unreachable');
    assert.equal(body.status, 'ok');
    assert.equal(body.webserver, 'happy');
    assert.equal(typeof body.uptimeSeconds, 'number');
  });

  test('/health says whether accepted webhooks reach the journal', async () => {
    for (const state of ['ok', 'unavailable', 'off'] as const) {
      journal = state;
      const res = await app.inject({ method: 'GET', url: '/health' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().journal, state);
    }
  });
});
