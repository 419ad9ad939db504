/**
 * The lure plugin's event side: parsing our fixtures and every lure sample (skipped without ../shared), stop
 * payloads without a lure skipped, malformed ones rejected; matching over lure_id (0 = any) and the rule modes;
 * enrichment of lureTypeName/Id/Color/Emoji and expirationTimestamp; the bundled templates rendered.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { REPO_ROOT } from '../../core/gamedata/support.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import { FULL_COMMON } from '../../fixtures/views/alert-views.ts';
import { human } from '../../helpers/humans.ts';
import { buildTestCatalog } from '../../../core/commands/test-data.ts';
import { buildPlugin as buildInvasionPlugin } from '../invasion/support.ts';
import { buildPlugin, hookContext, lureRow, matchedUids, NOW_S, parsed, snapshotWith, stopHook, type LurePlugin } from './support.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

const SAMPLES = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');

async function viewOf(plugin: LurePlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord'): Promise<View> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return { ...base, ...plugin.enrichLanguage!(event, base, { language, platform }, hookContext()) };
}

describe('lure parse', () => {
  test('a Golbat stop with a lure', async () => {
    const plugin = await buildPlugin();
    const event = parsed(plugin, stopHook());
    assert.deepEqual([event.stopId, event.stopName, event.lureId, event.expiration], ['stop-7', 'Bandstand', 503, NOW_S + 1800]);
    assert.equal(plugin.expiresAt!(event), (NOW_S + 1800) * 1000);
    assert.deepEqual(plugin.locate!(event), { latitude: 48.1365, longitude: 11.572 });
    assert.equal(plugin.dedupeKey!(event), plugin.dedupeKey!(parsed(plugin, stopHook({ updated: NOW_S + 5 }))));
    assert.notEqual(plugin.dedupeKey!(event), plugin.dedupeKey!(parsed(plugin, stopHook({ lure_expiration: NOW_S + 3600 }))));
  });

  test('a stop without a lure, or an invasion relayed as a stop, is skipped', async () => {
    const plugin = await buildPlugin();
    for (const hook of [stopHook({ lure_expiration: 0, lure_id: 0 }), stopHook({ lure_expiration: null }), { pokestop_id: 's', latitude: 1, longitude: 1, incident_expiration: NOW_S, incident_grunt_type: 4 }]) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(!outcome.ok && outcome.skip, true, JSON.stringify(hook));
    }
  });

  test('malformed lures are rejected with the field', async () => {
    const plugin = await buildPlugin();
    for (const [hook, reason] of [[stopHook({ lure_id: 'mossy' }), /lure_id/], [stopHook({ latitude: 200 }), /latitude/], [stopHook({ pokestop_id: '' }), /pokestop_id/]] as const) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(outcome.ok, false);
      assert.match(!outcome.ok ? outcome.reason : '', reason);
      assert.notEqual(!outcome.ok && outcome.skip, true);
    }
  });

  test('our service-test webhooks parse, under the stop kind', async () => {
    const plugin = await buildPlugin();
    assert.equal(plugin.testData?.kind, 'stop');
    for (const hook of plugin.testData!.webhooks) assert.equal(plugin.parse(hook.webhook, hookContext()).ok, true, hook.test);
  });

  test('the stop kind of service-test offers both the lure and the invasion samples', async () => {
    const lure = await buildPlugin();
    const invasion = await buildInvasionPlugin();
    const catalog = buildTestCatalog([invasion.testData!, lure.testData!], [], () => null);
    assert.deepEqual(catalog.get('stop')?.map((h) => h.test), ['grunt', 'kecleon', 'glacial', 'mossy']);
  });

  for (const file of ['testdata-js.json', 'testdata-ng.json']) {
    const path = join(SAMPLES, file);
    test(`every lure sample of ${file} parses`, { skip: existsSync(path) ? false : 'no ../shared samples' }, async () => {
      const plugin = await buildPlugin();
      const samples = (JSON.parse(readFileSync(path, 'utf8')) as { test: string; type: string; webhook: Record<string, unknown> }[]).filter((s) => s.type === 'pokestop' && 'lure_expiration' in s.webhook);
      assert.ok(samples.length > 0);
      for (const sample of samples) assert.equal(plugin.parse(sample.webhook, hookContext()).ok, true, sample.test);
    });
  }
});

describe('lure match', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, boolean][] = [
    ['lure_id 0 is any lure', { lure_id: 0 }, {}, true],
    ['the same lure', { lure_id: 503 }, {}, true],
    ['another lure', { lure_id: 502 }, {}, false],
    ['golden', { lure_id: 506 }, { lure_id: 506 }, true],
    ['an area override inside', { override_areas: '["downtown"]' }, {}, true],
    ['an area override elsewhere', { override_areas: '["harbour"]' }, {}, false],
    ['within distance', { distance: 500 }, { latitude: 48.137, longitude: 11.573 }, true],
    ['beyond distance', { distance: 500 }, { latitude: 48.2, longitude: 11.6 }, false],
  ];
  for (const [name, rule, hook, matches] of cases) {
    test(name, async () => {
      const plugin = await buildPlugin();
      const ash = human('ash', { area: ['city'], latitude: 48.1365, longitude: 11.572 });
      const row = lureRow('ash', rule);
      assert.deepEqual(matchedUids(plugin, snapshotWith(plugin, [ash], [row]), stopHook(hook), ['city', 'downtown']), matches ? [row.uid] : []);
    });
  }

  test('outside the human areas nothing; one alert per human', async () => {
    const plugin = await buildPlugin();
    const rows = [lureRow('ash'), lureRow('ash', { lure_id: 503 })];
    const snapshot = snapshotWith(plugin, [human('ash', { area: ['city'] })], rows);
    assert.deepEqual(matchedUids(plugin, snapshot, stopHook(), ['elsewhere']), []);
    assert.deepEqual(matchedUids(plugin, snapshot, stopHook(), ['city']), [rows[0]!.uid]);
  });
});

describe('lure enrich', () => {
  test('lureTypeName/Id/Color/Emoji, stopName, expirationTimestamp, image', async () => {
    const plugin = await buildPlugin();
    const view = await viewOf(plugin, stopHook({ lure_id: 502 }));
    assert.equal(view['lureTypeName'], 'Glacial');
    assert.equal(view['lureTypeId'], 502);
    assert.match(String(view['lureTypeColor']), /^#[0-9a-f]{6}$/i);
    assert.equal(view['lureTypeEmoji'], '🧊');
    assert.equal(view['stopName'], 'Bandstand');
    assert.equal(view['expirationTimestamp'], NOW_S + 1800);
    assert.match(String(view['imgUrl']), /\/pokestop\/502\.png$/);
    for (const name of plugin.templateVariables!['lure']!) assert.notEqual(view[name], undefined, name);
  });

  test('the lure name follows the recipient language', async () => {
    const plugin = await buildPlugin();
    assert.equal((await viewOf(plugin, stopHook({ lure_id: 502 }), 'de'))['lureTypeName'], 'Gletscher');
  });
});

describe('lure bundled templates', () => {
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    const dts = readFileSync(new URL('../../../fallbacks/dts.json', import.meta.url), 'utf8');
    const partials = readFileSync(new URL('../../../fallbacks/partials.json', import.meta.url), 'utf8');
    tree = dtsTree({ 'fallbacks/dts.json': dts, 'fallbacks/partials.json': partials });
    engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED, defaultTemplateId: '1', fallbackLanguage: 'en' });
  });
  after(() => tree.remove());

  for (const platform of ['discord', 'telegram'] as const) {
    test(`${platform}: the default lure template renders the plugin's view`, async () => {
      const plugin = await buildPlugin();
      const view = await viewOf(plugin, stopHook({ lure_id: 503 }), 'en', platform);
      const text = JSON.stringify(engine.renderTemplate({ type: 'lure', platform, language: 'en', id: null, view: { ...FULL_COMMON, ...view } }).body);
      assert.match(text, /Mossy/);
      assert.match(text, /🌿/);
      assert.match(text, /Bandstand/);
      if (platform === 'discord') assert.ok(text.includes(`<t:${NOW_S + 1800}:R>`));
      assert.doesNotMatch(text, /undefined|\[object Object\]/);
    });
  }
});
