/**
 * Parsing invasions: our Golbat-shaped fixtures, the legacy incident fields of stop payloads, malformed
 * payloads rejected with a reason, stop payloads without an incident skipped, the unconfirmed-invasion switch,
 * the dedupe key with and without lineups, and every invasion sample of the previous generation's test data.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT } from '../../core/gamedata/support.ts';
import { buildPlugin, hookContext, invasionHook, NOW_S, parsed } from './support.ts';

const SAMPLES = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');

describe('invasion parse', () => {
  test('a Golbat invasion webhook', async () => {
    const plugin = await buildPlugin();
    const event = parsed(plugin, invasionHook());
    assert.equal(event.stopId, 'stop-1');
    assert.equal(event.stopName, 'Fountain');
    assert.equal(event.gruntTypeId, 6);
    assert.equal(event.displayType, 1);
    assert.equal(event.expiration, NOW_S + 1740);
    assert.equal(event.confirmed, false);
    assert.deepEqual(event.lineup, []);
    assert.equal(plugin.expiresAt!(event), (NOW_S + 1740) * 1000);
    assert.deepEqual(plugin.locate!(event), { latitude: 48.1365, longitude: 11.572 });
  });

  test('a confirmed lineup is read; slots without a pokemon are left out', async () => {
    const plugin = await buildPlugin();
    const event = parsed(plugin, invasionHook({ confirmed: true, lineup: [{ slot: 1, pokemon_id: 453, form: 0 }, { slot: 2, pokemon_id: null, form: null }] }));
    assert.equal(event.confirmed, true);
    assert.deepEqual(event.lineup, [{ slot: 1, pokemonId: 453, form: 0 }]);
  });

  test('legacy stop payload incident fields (MAD / old RDM), and grunt 352 read as the Kecleon event', async () => {
    const plugin = await buildPlugin();
    const legacy = { pokestop_id: 'stop-9', latitude: 48.1, longitude: 11.5, name: 'Chapel', incident_start: NOW_S, incident_expiration: NOW_S + 600, incident_grunt_type: 44 };
    const event = parsed(plugin, legacy, 'pokestop');
    assert.deepEqual([event.gruntTypeId, event.displayType, event.expiration, event.stopName, event.source], [44, 1, NOW_S + 600, 'Chapel', 'pokestop']);
    const kecleon = parsed(plugin, { ...legacy, incident_grunt_type: 352 }, 'pokestop');
    assert.deepEqual([kecleon.gruntTypeId, kecleon.displayType], [0, 8]);
  });

  test('a stop payload without an incident is skipped, not rejected', async () => {
    const plugin = await buildPlugin();
    const lure = { pokestop_id: 'stop-2', latitude: 48.1, longitude: 11.5, name: 'Bench', lure_expiration: NOW_S + 1800, lure_id: 502 };
    const outcome = plugin.parse(lure, hookContext('pokestop'));
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.skip, true);
  });

  test('malformed invasions are rejected with a reason naming the field', async () => {
    const plugin = await buildPlugin();
    const cases: [Record<string, unknown>, RegExp][] = [
      [invasionHook({ latitude: 'north' }), /latitude/],
      [invasionHook({ pokestop_id: null }), /pokestop_id/],
      [invasionHook({ grunt_type: 'bug' }), /grunt_type/],
      [invasionHook({ incident_expire_timestamp: undefined, expiration: undefined }), /incident_expire_timestamp/],
      [invasionHook({ lineup: 'three' }), /lineup/],
    ];
    for (const [hook, reason] of cases) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(outcome.ok, false, JSON.stringify(hook));
      assert.match(!outcome.ok ? outcome.reason : '', reason);
      assert.notEqual(!outcome.ok && outcome.skip, true);
    }
    assert.equal(plugin.parse('nope', hookContext()).ok, false);
  });

  test('[general] disable_unconfirmed_invasion skips unconfirmed grunts but not stop events', async () => {
    const plugin = await buildPlugin({ general: { disable_unconfirmed_invasion: true } });
    const unconfirmed = plugin.parse(invasionHook(), hookContext());
    assert.equal(!unconfirmed.ok && unconfirmed.skip, true);
    assert.equal(plugin.parse(invasionHook({ confirmed: true }), hookContext()).ok, true);
    assert.equal(plugin.parse(invasionHook({ display_type: 8, grunt_type: 0 }), hookContext()).ok, true);
  });

  test('the same incident without and then with its lineup is one alert; with process_confirmed_invasion_lineups the confirmed one alerts again', async () => {
    const plain = await buildPlugin();
    const first = parsed(plain, invasionHook());
    const confirmed = parsed(plain, invasionHook({ confirmed: true, lineup: [{ slot: 1, pokemon_id: 453, form: 0 }] }));
    assert.equal(plain.dedupeKey!(first), plain.dedupeKey!(confirmed));
    const reAlert = await buildPlugin({ general: { process_confirmed_invasion_lineups: true } });
    assert.notEqual(reAlert.dedupeKey!(first), reAlert.dedupeKey!(confirmed));
    assert.notEqual(plain.dedupeKey!(first), plain.dedupeKey!(parsed(plain, invasionHook({ id: 'another' }))));
  });

  test('our service-test webhooks parse', async () => {
    const plugin = await buildPlugin();
    assert.equal(plugin.testData?.kind, 'stop');
    for (const hook of plugin.testData!.webhooks) assert.equal(plugin.parse(hook.webhook, hookContext(hook.type)).ok, true, hook.test);
  });

  for (const file of ['testdata-js.json', 'testdata-ng.json']) {
    const path = join(SAMPLES, file);
    test(`every invasion sample of ${file} parses`, { skip: existsSync(path) ? false : 'no ../shared samples' }, async () => {
      const plugin = await buildPlugin();
      const samples = (JSON.parse(readFileSync(path, 'utf8')) as { test: string; type: string; webhook: Record<string, unknown> }[]).filter(
        (s) => (s.type === 'invasion' || s.type === 'pokestop') && !('lure_expiration' in s.webhook),
      );
      assert.ok(samples.length > 0);
      for (const sample of samples) {
        const outcome = plugin.parse(sample.webhook, hookContext(sample.type));
        assert.equal(outcome.ok, true, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
      }
    });
  }
});
