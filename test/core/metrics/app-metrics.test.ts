/**
 * What /metrics tells an operator about a running app, read from the scrape text after real work: the build
 * (version from package.json, node, sources), registrations by type and state and active rules by table from the
 * state snapshot (and again after a reload), the last reload, outside calls by service and outcome (a geocoder
 * that answers, a tile server that fails, the webhook platform's posts), alerts delivered by type and platform, the
 * queue capacities, and the template id in the 'alert delivered' line. Node's default metrics under their
 * standard names.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../../plugins/monster/support.ts';
import { e2e, IN_OLD_TOWN } from '../../e2e/harness.ts';
import { REPO_ROOT } from '../gamedata/support.ts';
import { fakeServer } from '../enrich/fake-server.ts';

const rule = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...row } = monsterRow(id, extra);
  return row;
};

/** the value of the one sample line `name{labels} value` of a scrape text, or null */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = new Map([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) return Number(m[3]);
  }
  return null;
}

const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('the metrics of a running app', () => {
  test('build, registrations, rules, last reload, outside calls, alerts delivered and the template of each', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const geocoder = await fakeServer(() => ({ body: { display_name: 'Marienplatz 1', address: { road: 'Marienplatz', city: 'München' } } }));
        const tiles = await fakeServer(() => ({ status: 500, body: 'tile server broken' }));
        const captured = captureLog('verbose');
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          log: captured.log,
          config: { geocoding: { provider: 'nominatim', provider_url: geocoder.url, static_provider: 'tileservercache', static_provider_url: tiles.url } },
        });
        const before = Date.now();
        let text: string;
        try {
          const plain = s.hookUrl('plain');
          const compact = s.hookUrl('compact');
          const stopped = s.hookUrl('stopped');
          const banned = s.hookUrl('banned');
          await s.addHuman({ id: plain, name: 'Plain', area: ['old town'] });
          await s.addHuman({ id: compact, name: 'Compact', area: ['old town'] });
          await s.addHuman({ id: stopped, name: 'Stopped', area: ['old town'], enabled: false });
          await s.addHuman({ id: banned, name: 'Banned', area: ['old town'], adminDisable: true });
          await s.addHuman({ id: '4242', type: 'discord:user', name: 'No Discord here', area: ['old town'] });
          await s.addRule('monsters', rule(plain));
          await s.addRule('monsters', rule(compact, { template: '2' }));
          await s.addRule('monsters', rule(stopped));
          await s.addRule('monsters', rule(banned));
          await s.start();

          const res = await fetch(`${s.baseUrl}/metrics`);
          assert.equal(res.status, 200);
          text = await res.text();
          assert.equal(sample(text, 'lookout_build_info', { version, node_version: process.version, code: 'sources' }), 1);
          assert.equal(sample(text, 'lookout_humans', { type: 'webhook', state: 'enabled' }), 2);
          assert.equal(sample(text, 'lookout_humans', { type: 'webhook', state: 'stopped' }), 1);
          assert.equal(sample(text, 'lookout_humans', { type: 'webhook', state: 'disabled' }), 1);
          assert.equal(sample(text, 'lookout_humans', { type: 'unserved', state: 'enabled' }), 1, 'a type no platform serves (Discord is off) is one label');
          assert.equal(sample(text, 'lookout_humans', { type: 'discord:user', state: 'enabled' }), null);
          assert.equal(sample(text, 'lookout_rules', { table: 'monsters' }), 2, 'only the rules of enabled registrations are active');
          assert.equal(sample(text, 'lookout_rules', { table: 'raid' }), 0, 'a table without rules is there with 0');
          assert.equal(sample(text, 'lookout_state_last_reload_rules'), 2, 'every table together');
          const reloadedAt = sample(text, 'lookout_state_last_reload_timestamp_seconds')!;
          assert.ok(reloadedAt * 1000 >= before - 1000 && reloadedAt * 1000 <= Date.now() + 1000, `last reload at ${reloadedAt}`);
          assert.ok((sample(text, 'lookout_state_last_reload_duration_seconds') ?? -1) >= 0);
          const capacity = s.app.config.tuning.matched_max_queue_size;
          assert.equal(sample(text, 'lookout_queue_capacity', { queue: 'intake' }), capacity);
          assert.equal(sample(text, 'lookout_queue_capacity', { queue: 'delivery' }), capacity);
          assert.ok(sample(text, 'process_cpu_seconds_total') !== null && sample(text, 'nodejs_heap_size_used_bytes') !== null, "node's default metrics under their standard names");
          assert.equal(sample(text, 'lookout_process_cpu_seconds_total'), null);

          // a registration stops: the next reload counts it so
          await s.app.stores.humans.update(compact, { enabled: false });
          assert.equal(await s.app.state.reload(), true);
          const reloaded = await s.app.metrics.registry.metrics();
          assert.equal(sample(reloaded, 'lookout_humans', { type: 'webhook', state: 'enabled' }), 1);
          assert.equal(sample(reloaded, 'lookout_humans', { type: 'webhook', state: 'stopped' }), 2);
          assert.equal(sample(reloaded, 'lookout_rules', { table: 'monsters' }), 1);
          await s.app.stores.humans.update(compact, { enabled: true });
          assert.equal(await s.app.state.reload(), true);

          const posted = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: 'metrics-1', ...IN_OLD_TOWN, disappear_time: Math.floor(Date.now() / 1000) + 1500 }) }]);
          assert.equal(posted.status, 200);
        } finally {
          await s.stop();
          await geocoder.close();
          await tiles.close();
        }
        assert.equal(s.receiver.posts.length, 2, 'the two enabled registrations got the alert');
        text = await s.app.metrics.registry.metrics();
        assert.equal(sample(text, 'lookout_alerts_delivered_total', { alert_type: 'monster', platform: 'webhook' }), 2);
        assert.equal(sample(text, 'lookout_external_call_seconds_count', { service: 'webhook', outcome: 'ok' }), 2, 'each post to a webhook is a timed call');
        assert.equal(sample(text, 'lookout_external_call_seconds_count', { service: 'geocoder', outcome: 'ok' }), 1);
        assert.equal(sample(text, 'lookout_external_call_seconds_count', { service: 'tile_server', outcome: 'error' }), 1);
        assert.equal(sample(text, 'lookout_external_call_seconds_count', { service: 'shortlink', outcome: 'ok' }), null, 'no shortener configured: no call, no series');

        const delivered = captured.lines.filter((l) => l.msg === 'alert delivered');
        assert.equal(delivered.length, 2);
        const templates = delivered.map((l) => l.templateId);
        assert.deepEqual(new Set(templates), new Set(['2', null]), 'the compact rule names template 2, the plain one the default (null)');
        for (const line of delivered) {
          assert.equal(line.alertType, 'monster');
          assert.equal(typeof line.eventId, 'string');
          assert.equal(typeof line.latencyMs, 'number');
        }
      },
      { migrate: true },
    );
  });
});
