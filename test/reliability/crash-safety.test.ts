/**
 * Nothing answered 200 is lost, across kill -9 and SIGTERM: the real service runs as a child process delivering
 * to a slow webhook target; it is killed (or stopped with a short grace period) while alerts are queued, started
 * again on the same database, and every alert reaches its user, with duplicates only for the deliveries that were
 * in flight at the kill (at most one per destination here, since each destination gets one message at a time).
 * On SQLite always and on MariaDB when it is reachable.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { HumanStore } from '../../core/db/stores/humans.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { IN_OLD_TOWN } from '../e2e/harness.ts';
import { until } from '../e2e/wait.ts';
import { monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { deliveries, startSlowTarget, type SlowTarget } from './support/slow-target.ts';
import { startServiceProcess, writeServiceConfig, type ServiceProcess } from './support/service-process.ts';

const USERS = ['ann', 'ben', 'cat', 'dan', 'eve'];

async function seed(db: TestDatabase, target: SlowTarget): Promise<void> {
  const humans = new HumanStore(db.knex);
  for (const name of USERS) {
    await humans.create({ id: target.hookUrl(name), type: 'webhook', name, area: ['old town'] });
    const { uid: _uid, ...rule } = monsterRow(target.hookUrl(name));
    await db.knex('monsters').insert(rule);
  }
}

/** `count` distinct pikachu sightings in Old Town, told apart by their despawn second */
function sightings(count: number): { items: unknown[]; despawns: number[] } {
  const base = Math.floor(Date.now() / 1000) + 1800;
  const despawns = Array.from({ length: count }, (_, i) => base + i);
  const items = despawns.map((despawn, i) => ({ type: 'pokemon', message: pokemonHook({ encounter_id: `crash-${base}-${i}`, ...IN_OLD_TOWN, disappear_time: despawn }) }));
  return { items, despawns };
}

function expected(target: SlowTarget, despawns: readonly number[]): string[] {
  return USERS.flatMap((name) => despawns.map((d) => `${new URL(target.hookUrl(name)).pathname} ${d}`)).sort();
}

/** what arrived: every expected delivery at least once, and how many arrived twice */
function tally(target: SlowTarget, want: readonly string[]): { missing: string[]; unexpected: string[]; duplicates: number } {
  const got = deliveries(target.posts);
  const seen = new Set(got);
  return {
    missing: want.filter((w) => !seen.has(w)),
    unexpected: [...seen].filter((g) => !want.includes(g)),
    duplicates: got.length - seen.size,
  };
}

/** What a scenario works with: the seeded database, the slow target, and a way to start the service on them. */
interface Scenario {
  readonly target: SlowTarget;
  /** the alerts `count` sightings should produce, and the webhook items that report them */
  sightings(count: number): { readonly items: unknown[]; readonly want: string[] };
  /** starts the service (the config is written once); every one started is killed at the end if still up */
  start(): Promise<ServiceProcess>;
}

/** Runs `body` on every database engine with a seeded database, a target answering after `delayMs`, and cleanup. */
function onEveryEngine(t: TestContext, delayMs: number, stopGraceSecs: number, body: (s: Scenario) => Promise<void>): Promise<void> {
  return forEachDatabase(
    t,
    async (db) => {
      const dir = mkdtempSync(join(tmpdir(), 'lookout-crash-'));
      const target = await startSlowTarget(delayMs);
      const services: ServiceProcess[] = [];
      try {
        await seed(db, target);
        const config = writeServiceConfig(dir, { db: db.options, stopGraceSecs });
        await body({
          target,
          sightings(count) {
            const { items, despawns } = sightings(count);
            return { items, want: expected(target, despawns) };
          },
          async start() {
            const service = await startServiceProcess(config);
            services.push(service);
            return service;
          },
        });
      } finally {
        for (const service of services) await service.ensureStopped();
        await target.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { migrate: true },
  );
}

describe('crash safety of the service process', () => {
  test('kill -9 with alerts queued for a slow target: after a restart every alert is delivered', { timeout: 600_000 }, (t) =>
    onEveryEngine(t, 150, 30, async ({ target, sightings, start }) => {
      const { items, want } = sightings(20);
      const first = await start();
      assert.equal((await first.post(items)).status, 200);
      await until(() => target.posts.length >= 30, 'the first deliveries', { ms: 60_000 });
      first.signal('SIGKILL');
      assert.equal((await first.exited).signal, 'SIGKILL');
      const beforeRestart = target.posts.length;
      assert.ok(beforeRestart < want.length, `the kill came before everything was delivered (${beforeRestart} of ${want.length})`);

      const second = await start();
      await second.waitForLine('journal: replaying what the previous run had not delivered');
      await until(() => tally(target, want).missing.length === 0, 'every alert delivered', { ms: 120_000 });
      second.signal('SIGTERM');
      assert.equal((await second.exited).code, 0);

      const { missing, unexpected, duplicates } = tally(target, want);
      assert.deepEqual(missing, []);
      assert.deepEqual(unexpected, []);
      assert.ok(duplicates <= USERS.length, `at most one in-flight delivery per destination is sent again; got ${duplicates} duplicates`);
    }),
  );

  test('SIGTERM with a short grace period: exit 0, the rest carried over and delivered after the next start', { timeout: 600_000 }, (t) =>
    onEveryEngine(t, 500, 1, async ({ target, sightings, start }) => {
      const { items, want } = sightings(10);
      const first = await start();
      assert.equal((await first.post(items)).status, 200);
      await until(() => target.posts.length >= USERS.length, 'the first deliveries', { ms: 60_000 });
      first.signal('SIGTERM');
      assert.equal((await first.exited).code, 0, 'a graceful stop exits 0');
      const closed = first.lines.find((l) => l.msg === 'journal closed; what is not delivered goes out after the next start');
      assert.ok(closed, 'the stop says what it carried over');
      assert.ok(Number(closed.carriedOver) > 0, `alerts were left for the next start (${String(closed.carriedOver)})`);
      assert.ok(target.posts.length < want.length);

      const second = await start();
      await until(() => tally(target, want).missing.length === 0, 'every alert delivered', { ms: 120_000 });
      second.signal('SIGTERM');
      assert.equal((await second.exited).code, 0);
      const { missing, duplicates } = tally(target, want);
      assert.deepEqual(missing, []);
      assert.ok(duplicates <= USERS.length, `only deliveries in flight at the stop are sent again; got ${duplicates}`);
    }),
  );
});
