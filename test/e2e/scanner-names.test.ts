/**
 * Fort names from the scanner database end to end ([general] populate_stop_name), on SQLite and MariaDB as the
 * service database and a scratch Golbat-shaped scanner database on MariaDB: an invasion, a lure and a raid posted
 * without their stop or gym name arrive with the scanner's name; with the scanner database unreachable the same
 * alerts still arrive, without the name, and /metrics counts the lookups that could not be made.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { createScannerDatabase, scannerDatabaseAvailable } from '../helpers/scanner-database.ts';
import { invasionHook, invasionRow } from '../plugins/invasion/support.ts';
import { lureRow, stopHook } from '../plugins/lure/support.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { raidHook, raidRow } from '../plugins/raid/support.ts';
import { databaseSection, e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const withoutUid = (row: Record<string, unknown>): Record<string, unknown> => {
  const { uid: _uid, ...rest } = row;
  return rest;
};

const nowS = (): number => Math.floor(Date.now() / 1000);

/** Posts an invasion and a lure without a stop name and a raid without a gym name; answers the texts per hook. */
async function alertsWithoutNames(scannerSection: Record<string, unknown>, db: Parameters<typeof e2e>[0], warmUp: boolean): Promise<{ texts: Map<string, string[]>; metrics: string }> {
  const s = await e2e(db, {
    gameData: await fixtureGameData(),
    config: { general: { populate_stop_name: true }, database: { ...databaseSection(db), scanner: scannerSection } },
  });
  let metrics = '';
  try {
    const grunts = s.hookUrl('grunts');
    const lures = s.hookUrl('lures');
    const raids = s.hookUrl('raids');
    for (const [id, name] of [[grunts, 'Grunt hunters'], [lures, 'Lure fans'], [raids, 'Raiders']] as const) await s.addHuman({ id, name, area: ['old town'] });
    await s.addRule('invasion', withoutUid(invasionRow(grunts, { grunt_type: 'bug' })));
    await s.addRule('lures', withoutUid(lureRow(lures, { lure_id: 502 })));
    await s.addRule('raid', withoutUid(raidRow(raids, { pokemon_id: 9000, level: 5 })));
    await s.start();
    // with a scanner database that answers, a first lookup connects before the alerts, so theirs are not the ones
    // paying for the connection within the lookup's time bound (a busy machine could otherwise push them past it)
    const scanner = s.app.services.scannerDb?.();
    if (warmUp && scanner) {
      await until(async () => {
        await scanner.stopName('warm-up');
        return /lookout_scanner_lookups_total\{query="pokestop_name",outcome="not_found"\}/.test(await s.app.metrics.registry.metrics());
      }, 'the scanner database connected');
    }
    const end = nowS() + 1500;
    const res = await s.post([
      { type: 'invasion', message: invasionHook({ id: 'inc-1', pokestop_id: 'stop-a', pokestop_name: undefined, ...IN_OLD_TOWN, grunt_type: 7, character: 7, incident_expire_timestamp: end, expiration: end }) },
      { type: 'pokestop', message: stopHook({ pokestop_id: 'stop-b', name: undefined, ...IN_OLD_TOWN, lure_id: 502, lure_expiration: end }) },
      { type: 'raid', message: raidHook({ gym_id: 'gym-c', gym_name: undefined, ...IN_OLD_TOWN, level: 5, spawn: nowS() - 600, start: nowS() - 60, end }) },
    ]);
    assert.equal(res.status, 200);
    // the metrics are read once the three alerts are out (their lookups done), not while they are on their way
    await until(() => s.receiver.posts.length >= 3, 'the three alerts delivered');
  } finally {
    try {
      metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
    } finally {
      await s.stop();
    }
  }
  const texts = new Map<string, string[]>();
  for (const post of s.receiver.posts) texts.set(post.path, [...(texts.get(post.path) ?? []), textOf(post)]);
  return { texts, metrics };
}

describe('fort names from the scanner database', () => {
  test('an invasion, a lure and a raid without names arrive with the scanner database’s names', async (t) => {
    if (!(await scannerDatabaseAvailable(t))) return;
    await forEachDatabase(
      t,
      async (db) => {
        const scanner = await createScannerDatabase('golbat');
        try {
          await scanner.addStop({ id: 'stop-a', name: 'Scanner Fountain', lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude });
          await scanner.addStop({ id: 'stop-b', name: 'Scanner Library', lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude });
          await scanner.addGym({ id: 'gym-c', name: 'Scanner Town Hall', lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude });
          const { texts, metrics } = await alertsWithoutNames(scanner.section(), db, true);
          assert.deepEqual([...texts.keys()].sort(), ['/hooks/grunts', '/hooks/lures', '/hooks/raids']);
          assert.match(texts.get('/hooks/grunts')!.join('\n'), /Scanner Fountain/);
          assert.match(texts.get('/hooks/lures')!.join('\n'), /Scanner Library/);
          assert.match(texts.get('/hooks/raids')!.join('\n'), /Scanner Town Hall/);
          assert.match(metrics, /lookout_scanner_lookups_total\{query="pokestop_name",outcome="found"\} 2/);
          assert.match(metrics, /lookout_scanner_lookups_total\{query="gym_name",outcome="found"\} 1/);
          assert.match(metrics, /lookout_scanner_db_up 1/);
        } finally {
          await scanner.cleanup();
        }
      },
      { migrate: true },
    );
  });

  test('an unreachable scanner database: the same alerts arrive, without the names, and the lookups are counted', async (t) => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', () => resolve()));
    const address = free.address();
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const port = typeof address === 'object' && address ? address.port : 1;
    await forEachDatabase(
      t,
      async (db) => {
        const { texts, metrics } = await alertsWithoutNames({ host: '127.0.0.1', port, user: 'root', password: '', database: 'scanner', type: 'golbat' }, db, false);
        assert.deepEqual([...texts.keys()].sort(), ['/hooks/grunts', '/hooks/lures', '/hooks/raids']);
        assert.doesNotMatch([...texts.values()].flat().join('\n'), /Scanner/);
        assert.match(texts.get('/hooks/grunts')!.join('\n'), /Invasion: .*Bug/);
        assert.match(metrics, /lookout_scanner_lookups_total\{query="pokestop_name",outcome="(error|unavailable)"\} \d/);
        assert.match(metrics, /lookout_scanner_db_up 0/);
      },
      { migrate: true },
    );
  });
});
