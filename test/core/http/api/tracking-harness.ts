/**
 * The tracking API over the real app (every plugin and platform of the repository, the bundled templates, two
 * fences "Old Town" and "Riverside"), one app per database: calls go through fastify's inject with the secret.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestDatabase } from '../../../helpers/databases.ts';
import { fixtureGameData } from '../../../helpers/plugin-setup.ts';
import { e2e, type E2E } from '../../../e2e/harness.ts';

export const SECRET = 'tracking-api-secret';

export interface TrackingHarness {
  readonly s: E2E;
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** the rows of a table for a human, uid order */
  rows(table: string, id: string): Promise<Record<string, unknown>[]>;
}

export async function trackingHarness(db: Pick<TestDatabase, 'options' | 'knex'>, config: Record<string, unknown> = {}): Promise<TrackingHarness> {
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, ...config } });
  await s.start();
  return {
    s,
    call: (method, url, payload) =>
      s.app.http.inject({
        method,
        url,
        headers: { 'x-poracle-secret': SECRET, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      }),
    rows: async (table, id) => (await db.knex(table).where({ id }).orderBy('uid')) as Record<string, unknown>[],
  };
}

/** Registers a user with profile 1 (and profile 2 when asked) through the API. */
export async function register(h: TrackingHarness, id: string, extra: Record<string, unknown> = {}): Promise<void> {
  const answer = await h.call('POST', '/api/humans', { id, name: `user ${id}`, type: 'discord:user', ...extra });
  if (answer.statusCode !== 200) throw new Error(`register ${id}: ${answer.statusCode} ${answer.body}`);
}
