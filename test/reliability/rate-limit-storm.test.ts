/**
 * A 429 storm is a wait, not a failure: a webhook target answers every post with 429 and Retry-After for longer
 * than five attempts would last; once it lets posts through again, every alert is delivered exactly once and
 * nothing is counted as dropped.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { e2e, IN_OLD_TOWN } from '../e2e/harness.ts';
import { until } from '../e2e/wait.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { deliveries, startSlowTarget } from './support/slow-target.ts';

const USERS = ['ann', 'ben', 'cat', 'dan'];
const STORM_MS = 6500;

test('a storm of 429 with Retry-After longer than every attempt: all alerts delivered, none dropped', { timeout: 120_000 }, async () => {
  const db = await openTestDatabase('sqlite', { migrate: true });
  const target = await startSlowTarget(0);
  const s = await e2e(db, { gameData: await fixtureGameData() });
  try {
    for (const name of USERS) {
      await s.addHuman({ id: target.hookUrl(name), name, area: ['old town'] });
      const { uid: _uid, ...rule } = monsterRow(target.hookUrl(name));
      await s.addRule('monsters', rule);
    }
    await s.start();
    target.rateLimitSeconds = 1;
    const base = Math.floor(Date.now() / 1000) + 1800;
    const items = Array.from({ length: 10 }, (_, i) => ({ type: 'pokemon', message: pokemonHook({ encounter_id: `storm-${i}`, ...IN_OLD_TOWN, disappear_time: base + i }) }));
    assert.equal((await s.post(items)).status, 200);
    await until(() => target.refusals >= USERS.length * 2, 'the target refusing posts', { ms: 20_000 });
    await new Promise((r) => setTimeout(r, STORM_MS));
    assert.equal(target.posts.length, 0, 'nothing got through the storm');
    target.rateLimitSeconds = null;
    await until(() => target.posts.length >= USERS.length * items.length, 'every alert delivered after the storm', { ms: 60_000 });
    const metrics = await s.app.metrics.registry.metrics();
    assert.doesNotMatch(metrics, /lookout_deliveries_dropped_total\{[^}]*\} [1-9]/, 'nothing dropped');
    assert.match(metrics, /lookout_deliveries_total\{platform="webhook",outcome="rate_limited"\} \d+/);
  } finally {
    await s.stop();
    await target.close();
    await db.cleanup();
  }
  const got = deliveries(target.posts);
  assert.equal(got.length, USERS.length * 10);
  assert.equal(new Set(got).size, got.length, 'each alert exactly once');
});
