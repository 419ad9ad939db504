/**
 * Nest webhooks → events: our fixtures, the samples of ../shared (nests when present; skipped cleanly without),
 * the nest tool's `lat`/`lon` and test samples' `latitude`/`longitude`, and malformed payloads with a reason.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { TestWebhook } from '../../../core/contract.ts';
import { REPO_ROOT } from '../../core/gamedata/support.ts';
import { buildNestPlugin, hookContext, nestHook, parsedNest, RESET_S, type NestPlugin } from './support.ts';

const SAMPLES_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');

function sharedNestSamples(): TestWebhook[] {
  return ['testdata-js.json', 'testdata-ng.json']
    .map((file) => join(SAMPLES_DIR, file))
    .filter((file) => existsSync(file))
    .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as TestWebhook[])
    .filter((sample) => sample.type === 'nest');
}

describe('nest parse', () => {
  let plugin: NestPlugin;
  before(async () => (plugin = await buildNestPlugin()));

  test('a nest tool webhook', () => {
    const e = parsedNest(plugin, nestHook());
    assert.equal(e.nestId, '4711');
    assert.equal(e.nestName, 'Englischer Garten');
    assert.deepEqual([e.latitude, e.longitude], [48.1642, 11.6056]);
    assert.deepEqual([e.pokemonId, e.form, e.pokemonCount, e.pokemonAvg, e.pokemonRatio, e.resetTime], [25, 0, 96, 14.64, 0.21, RESET_S]);
    assert.equal(plugin.dedupeKey!(e), `4711_25_${RESET_S}`);
    assert.equal(plugin.expiresAt!(e), (RESET_S + 14 * 86400) * 1000);
    assert.deepEqual(plugin.locate!(e), { latitude: 48.1642, longitude: 11.6056 });
  });

  test('latitude/longitude win over lat/lon (test samples moved to a user)', () => {
    const e = parsedNest(plugin, nestHook({ latitude: 1.5, longitude: 2.5 }));
    assert.deepEqual([e.latitude, e.longitude], [1.5, 2.5]);
  });

  test('a string nest id and missing optional fields', () => {
    const e = parsedNest(plugin, { nest_id: 'abc', lat: 1, lon: 2, pokemon_id: 1 });
    assert.deepEqual([e.nestId, e.nestName, e.form, e.pokemonAvg, e.resetTime], ['abc', '', 0, 0, 0]);
    assert.equal(plugin.expiresAt!(e), null);
  });

  test('malformed payloads are refused with the field named', () => {
    const reasons = [
      plugin.parse('nope', hookContext()),
      plugin.parse(nestHook({ nest_id: null }), hookContext()),
      plugin.parse(nestHook({ pokemon_id: 'pikachu' }), hookContext()),
      plugin.parse(nestHook({ lat: 95 }), hookContext()),
      plugin.parse(nestHook({ pokemon_avg: 'lots' }), hookContext()),
    ].map((o) => (o.ok ? 'ok' : o.reason));
    assert.match(reasons[0]!, /must be an object/);
    assert.match(reasons[1]!, /^nest_id/);
    assert.match(reasons[2]!, /^pokemon_id/);
    assert.match(reasons[3]!, /^lat/);
    assert.match(reasons[4]!, /^pokemon_avg/);
  });

  test('our service-test samples parse', () => {
    assert.equal(plugin.testData?.kind, 'nest');
    assert.ok(plugin.testData!.webhooks.length >= 1);
    for (const sample of plugin.testData!.webhooks) {
      assert.equal(sample.type, 'nest');
      assert.ok(plugin.parse(sample.webhook, hookContext()).ok, sample.test);
    }
  });

  test('every nest sample of ../shared parses', { skip: existsSync(SAMPLES_DIR) ? false : 'no ../shared samples' }, () => {
    for (const sample of sharedNestSamples()) {
      const outcome = plugin.parse(sample.webhook, hookContext());
      assert.ok(outcome.ok, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
    }
  });
});
