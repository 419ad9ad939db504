/**
 * The scanner database lookups against MariaDB databases with the scanners' own table shapes (Golbat and RDM):
 * names and nearby forts are read, cached and counted; a missing table, an unreachable or hanging server and a
 * locked table give nothing, quickly, and are counted; the connection is read-only.
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, test, type TestContext } from 'node:test';
import type { ScannerDatabaseConfig } from '../../../core/config/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { createScannerKnex } from '../../../core/scanner-db/connect.ts';
import { radiusBox, ScannerDb, type LookupOutcome, type LookupQuery } from '../../../core/scanner-db/index.ts';
import { until } from '../../e2e/wait.ts';
import { adminConnection } from '../../helpers/databases.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { createScannerDatabase, scannerDatabaseAvailable, type ScannerDatabase, type ScannerFlavour } from '../../helpers/scanner-database.ts';

const HERE = { latitude: 51.5, longitude: -0.12 };

interface Opened {
  readonly db: ScannerDb;
  readonly metrics: Metrics;
  count(query: LookupQuery, outcome: LookupOutcome): Promise<number>;
}

function open(section: Record<string, unknown>, options: { log?: ReturnType<typeof captureLog>['log']; retryMs?: number } = {}): Opened {
  const metrics = createMetrics({ collectProcess: false });
  const config = section as unknown as ScannerDatabaseConfig;
  const log = options.log ?? silentLogger();
  const db = new ScannerDb({ knex: createScannerKnex(config, log), type: config.type, log, metrics, retryMs: options.retryMs });
  return { db, metrics, count: (query, outcome) => metricValue(metrics, 'lookout_scanner_lookups_total', { query, outcome }) };
}

async function withScanner(t: TestContext, flavour: ScannerFlavour, body: (scanner: ScannerDatabase) => Promise<void>, without?: readonly ('pokestop' | 'gym' | 'station')[]): Promise<void> {
  if (!(await scannerDatabaseAvailable(t))) return;
  const scanner = await createScannerDatabase(flavour, { without });
  try {
    await body(scanner);
  } finally {
    await scanner.cleanup();
  }
}

/** A server that accepts connections and never says a word (a hung database). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = await silentServer();
  await server.close();
  return server.port;
}

describe('scanner database lookups', () => {
  test('Golbat: stop, gym and station names by id; unknown ids, NULL names and "None" give null', async (t) => {
    await withScanner(t, 'golbat', async (scanner) => {
      await scanner.addStop({ id: 'stop-1', name: 'Old Fountain', ...{ lat: 51.5, lon: -0.12 } });
      await scanner.addStop({ id: 'stop-2', name: null, lat: 51.5, lon: -0.12 });
      await scanner.addGym({ id: 'gym-1', name: 'Town Hall', lat: 51.5, lon: -0.121 });
      await scanner.addStation({ id: 'station-1', name: 'Farm Park', lat: 51.5, lon: -0.122 });
      const { db, count } = open(scanner.section());
      try {
        assert.equal(await db.probe(), true);
        assert.equal(await db.stopName('stop-1'), 'Old Fountain');
        assert.equal(await db.gymName('gym-1'), 'Town Hall');
        assert.equal(await db.stationName('station-1'), 'Farm Park');
        assert.equal(await db.stopName('stop-2'), null);
        assert.equal(await db.stopName('nope'), null);
        assert.equal(await db.gymName('stop-1'), null, 'a stop id is no gym');
        assert.equal(await db.stopName('None'), null);
        assert.equal(await count('pokestop_name', 'found'), 1);
        assert.equal(await count('pokestop_name', 'not_found'), 2);
        assert.equal(await count('station_name', 'found'), 1);
      } finally {
        await db.stop();
      }
    });
  });

  test('RDM: stop and gym names; stations are not looked up (RDM has no station table)', async (t) => {
    await withScanner(t, 'rdm', async (scanner) => {
      await scanner.addStop({ id: 'rdm-stop', name: 'Library', lat: 51.5, lon: -0.12 });
      await scanner.addGym({ id: 'rdm-gym', name: 'Church', lat: 51.5, lon: -0.12 });
      const { db, count } = open(scanner.section());
      try {
        assert.equal(await db.stopName('rdm-stop'), 'Library');
        assert.equal(await db.gymName('rdm-gym'), 'Church');
        assert.equal(await db.stationName('rdm-stop'), null);
        assert.equal(await count('station_name', 'error') + (await count('station_name', 'not_found')), 0, 'no station query is made');
      } finally {
        await db.stop();
      }
    });
  });

  test('names are cached: a second lookup does not read the database again', async (t) => {
    await withScanner(t, 'golbat', async (scanner) => {
      await scanner.addStop({ id: 'stop-c', name: 'First Name', lat: 51.5, lon: -0.12 });
      const { db, count } = open(scanner.section());
      try {
        assert.equal(await db.stopName('stop-c'), 'First Name');
        await scanner.knex('pokestop').where('id', 'stop-c').update({ name: 'Renamed' });
        assert.equal(await db.stopName('stop-c'), 'First Name', 'answered from the cache');
        assert.equal(await db.stopName('missing'), null);
        await scanner.addStop({ id: 'missing', name: 'Arrived Later', lat: 51.5, lon: -0.12 });
        assert.equal(await db.stopName('missing'), null, 'a miss is cached too (for a shorter time)');
        assert.equal(await count('pokestop_name', 'cached'), 2);
        assert.equal(await count('pokestop_name', 'found'), 1);
      } finally {
        await db.stop();
      }
    });
  });

  test('nearby: enabled, not deleted forts of the box, nearest first, at most the limit; gyms with team and slots', async (t) => {
    await withScanner(t, 'golbat', async (scanner) => {
      await scanner.addStop({ id: 'near', name: 'Near', lat: 51.5001, lon: -0.12 });
      await scanner.addStop({ id: 'nearer', name: 'Nearer', lat: 51.50001, lon: -0.12 });
      await scanner.addStop({ id: 'far-away', name: 'Far', lat: 52.5, lon: -0.12 });
      await scanner.addStop({ id: 'gone', name: 'Gone', lat: 51.5002, lon: -0.12, deleted: 1 });
      await scanner.addStop({ id: 'off', name: 'Off', lat: 51.5002, lon: -0.12, enabled: 0 });
      await scanner.addGym({ id: 'g', name: 'Gym', lat: 51.4999, lon: -0.1201, team_id: 2, available_slots: 4 });
      const { db, count } = open(scanner.section());
      try {
        const box = radiusBox(HERE, 500);
        const stops = await db.nearby('pokestop', box, 10);
        assert.deepEqual(stops.map((s) => s.id), ['nearer', 'near']);
        assert.equal(stops[0]!.name, 'Nearer');
        assert.deepEqual((await db.nearby('pokestop', box, 1)).map((s) => s.id), ['nearer']);
        const gyms = await db.nearby('gym', box, 10);
        assert.deepEqual(gyms.map((g) => ({ id: g.id, kind: g.kind, teamId: g.teamId, slots: g.slots })), [{ id: 'g', kind: 'gym', teamId: 2, slots: 4 }]);
        assert.deepEqual(await db.nearby('gym', radiusBox({ latitude: 10, longitude: 10 }, 500), 10), []);
        assert.equal(await count('nearby_pokestop', 'found'), 2);
        assert.equal(await count('nearby_gym', 'not_found'), 1);
      } finally {
        await db.stop();
      }
    });
  });

  test('a missing table: its lookups give null (counted as errors, warned once); the other tables still answer', async (t) => {
    await withScanner(
      t,
      'golbat',
      async (scanner) => {
        await scanner.addStop({ id: 'stop-m', name: 'Still Here', lat: 51.5, lon: -0.12 });
        const captured = captureLog('debug');
        const { db, count } = open(scanner.section(), { log: captured.log });
        try {
          assert.equal(await db.probe(), true);
          assert.deepEqual(captured.find(/lacks tables/)?.missing, ['station']);
          assert.equal(await db.stationName('station-x'), null);
          assert.equal(await db.stationName('station-y'), null);
          assert.equal(await db.stopName('stop-m'), 'Still Here');
          assert.equal(await count('station_name', 'error'), 2);
          assert.equal(captured.lines.filter((l) => l.level === 'warn' && /station_name failed/.test(String(l.msg))).length, 1, 'warned once per burst');
        } finally {
          await db.stop();
        }
      },
      ['station'],
    );
  });

  test('the connection is read-only', async (t) => {
    await withScanner(t, 'golbat', async (scanner) => {
      const knex = createScannerKnex(scanner.section() as unknown as ScannerDatabaseConfig, silentLogger());
      try {
        await assert.rejects(() => knex('pokestop').insert({ id: 'x', lat: 0, lon: 0, updated: 0, first_seen_timestamp: 0 }), /read only|READ ONLY|read-only/i);
        assert.equal((await scanner.knex('pokestop').count({ n: '*' }))[0]!.n, 0);
      } finally {
        await knex.destroy();
      }
    });
  });

  test('a locked table: the lookup gives up at the time bound, and answers once the lock is gone', { timeout: 30_000 }, async (t) => {
    await withScanner(t, 'golbat', async (scanner) => {
      await scanner.addStop({ id: 'stop-l', name: 'Behind A Lock', lat: 51.5, lon: -0.12 });
      const { db, count } = open(scanner.section());
      const locker = await adminConnection({ database: scanner.database });
      try {
        assert.equal(await db.probe(), true);
        await locker.query('LOCK TABLES pokestop WRITE');
        // The lock is held until the lookup has answered: without the bound the lookup would wait for it for good.
        assert.equal(await db.stopName('stop-l'), null);
        assert.equal(await count('pokestop_name', 'timeout'), 1);
        await locker.query('UNLOCK TABLES');
        await until(async () => (await db.stopName('stop-l')) === 'Behind A Lock', 'the name once the lock is gone');
      } finally {
        await locker.end();
        await db.stop();
      }
    });
  });

  test('an unreachable server: null at once, counted, one warning; the start probe says so and later lookups do not query', async () => {
    const port = await closedPort();
    const captured = captureLog('debug');
    const { db, metrics, count } = open({ host: '127.0.0.1', port, user: 'root', password: '', database: 'none', type: 'golbat' }, { log: captured.log, retryMs: 3_600_000 });
    try {
      assert.equal(await db.probe(), false);
      assert.equal(db.down, true);
      assert.equal(await db.stopName('a'), null);
      assert.deepEqual(await db.nearby('gym', radiusBox(HERE, 100), 5), []);
      assert.equal(await count('pokestop_name', 'unavailable'), 1);
      assert.equal(await count('nearby_gym', 'unavailable'), 1);
      assert.equal(await metricValue(metrics, 'lookout_scanner_db_up', {}), 0);
      assert.equal(captured.lines.filter((l) => /scanner database unreachable/.test(String(l.msg))).length, 1);
    } finally {
      await db.stop();
    }
  });

  test('a hung server (accepts, never answers): the lookup gives up at the time bound', { timeout: 30_000 }, async () => {
    const server = await silentServer();
    const { db, count } = open({ host: '127.0.0.1', port: server.port, user: 'root', password: '', database: 'none', type: 'rdm' });
    try {
      assert.equal(await db.gymName('g'), null);
      assert.equal(await count('gym_name', 'timeout'), 1, 'the bound answered before the driver gave up connecting');
    } finally {
      await db.stop();
      await server.close();
    }
  });
});
