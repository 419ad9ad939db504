/**
 * The validation hook end to end, on SQLite and MariaDB: the real app with [validation] url pointing at a local
 * validator puts every recipient of a raid to it before enrichment. The allowed recipient gets the raid; the denied
 * one gets the validator's failure_message instead; the one whose call fails (HTTP 500) gets the raid too, since
 * fail_mode is open. The validator sees PoracleNG's body: the human, the event's areas, the webhook type (PoracleNG's
 * names: `egg` for a raid webhook without a boss) and the scanner's message.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { metricValue } from '../helpers/metrics.ts';
import { eggHook, eggRow, fixtureGameData, raidHook, raidRow } from '../plugins/raid/support.ts';
import { startValidatorServer } from '../core/validation/validator-server.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';

const row = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...rest } = raidRow(id, extra);
  return rest;
};

describe('validation hook', () => {
  test('allowed, denied with a message, and failed-open recipients of one raid', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const validator = await startValidatorServer((body) => {
          const name = (body.human as { name: string }).name;
          if (name === 'Free tier') return { json: { success: false, failure_message: 'Raid alerts are for subscribers' } };
          if (name === 'Flaky') return { status: 500, text: 'database down' };
          return { json: { success: true } };
        });
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { validation: { url: validator.url, fail_mode: 'open' } } });
        const now = Math.floor(Date.now() / 1000);
        const raid = raidHook({ ...IN_OLD_TOWN, start: now - 900, end: now + 1800, spawn: now - 4500 });
        const egg = eggHook({ ...IN_OLD_TOWN, gym_id: 'egg.16', start: now + 1200, end: now + 3900, spawn: now - 2400 });
        try {
          for (const [name, hook] of [['Subscriber', 'paid'], ['Free tier', 'free'], ['Flaky', 'flaky']] as const) {
            await s.addHuman({ id: s.hookUrl(hook), name, area: ['old town'] });
            await s.addRule('raid', row(s.hookUrl(hook), { pokemon_id: 150, level: 9000 }));
          }
          const { uid: _uid, ...eggRule } = eggRow(s.hookUrl('paid'), { level: 5 });
          await s.addRule('egg', eggRule);
          await s.start();
          assert.equal((await s.post([{ type: 'raid', message: raid }])).status, 200);
          assert.equal((await s.post([{ type: 'raid', message: egg }])).status, 200);
        } finally {
          await s.stop();
          await validator.close();
        }

        const texts = (hook: string) => s.receiver.posts.filter((p) => p.path === `/hooks/${hook}`).map(textOf);
        assert.equal(texts('paid').length, 2);
        assert.ok(texts('paid').some((text) => /Mewtwo/.test(text)), 'the raid');
        assert.ok(texts('paid').some((text) => /Egg: Legendary/.test(text)), 'the egg');
        assert.deepEqual(texts('free'), ['Raid alerts are for subscribers'], 'the denied recipient gets the message, not the raid');
        assert.equal(texts('flaky').length, 1, 'a failed call lets the recipient through (fail_mode open)');
        assert.match(texts('flaky')[0]!, /Mewtwo/);

        assert.equal(validator.requests.length, 4);
        assert.deepEqual(validator.requests.map((r) => r.webhook_type).sort(), ['egg', 'raid', 'raid', 'raid']);
        const paid = validator.requests.find((r) => (r.human as { name: string }).name === 'Subscriber' && r.webhook_type === 'raid')!;
        assert.deepEqual(paid.human, { id: s.hookUrl('paid'), type: 'webhook', name: 'Subscriber' });
        assert.deepEqual(paid.areas, ['Old Town']);
        assert.equal(paid.webhook_type, 'raid');
        assert.deepEqual(paid.webhook, raid);

        const metrics = s.app.metrics;
        assert.equal(await metricValue(metrics, 'lookout_validation_calls_total', { result: 'allowed' }), 2);
        assert.equal(await metricValue(metrics, 'lookout_validation_calls_total', { result: 'denied' }), 1);
        assert.equal(await metricValue(metrics, 'lookout_validation_calls_total', { result: 'bad_status' }), 1);
        assert.equal(await metricValue(metrics, 'lookout_validation_fail_open_total', {}), 1);
        assert.equal(await metricValue(metrics, 'lookout_matches_dropped_total', { plugin: 'raid', reason: 'validation_denied' }), 1);
      },
      { migrate: true },
    );
  });
});
