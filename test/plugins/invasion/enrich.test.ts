/**
 * Invasion enrichment: every variable the spec lists (stopName, gruntType, gruntTypeColor, gruntTypeEmoji,
 * genderData, gruntRewardsList with first/second tiers, expirationTimestamp), the language/platform layer,
 * stop events, and the bundled discord and telegram templates rendered from the plugin's own view.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import { FULL_COMMON } from '../../fixtures/views/alert-views.ts';
import { buildPlugin, hookContext, invasionHook, NOW_S, parsed, type InvasionPlugin } from './support.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

async function views(plugin: InvasionPlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord'): Promise<{ base: View; full: View }> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  const layer = plugin.enrichLanguage!(event, base, { language, platform }, hookContext());
  return { base, full: { ...base, ...layer } };
}

interface Tier {
  chance: number;
  monsters: { name: string; id: number }[];
}

describe('invasion enrich', () => {
  test('a typed male grunt: type, colour, emoji, gender, rewards, expiry, images', async () => {
    const plugin = await buildPlugin();
    const { base, full } = await views(plugin, invasionHook({ grunt_type: 7, character: 7 }));
    assert.equal(full['stopName'], 'Fountain');
    assert.equal(full['pokestopName'], 'Fountain');
    assert.equal(full['gruntType'], 'Bug');
    assert.match(String(full['gruntTypeColor']), /^#[0-9a-f]{6}$/i);
    assert.equal(full['gruntTypeEmoji'], '🐞');
    assert.equal(base['gruntTypeEmoji'], '');
    assert.deepEqual(full['genderData'], { name: 'Male', emoji: '♂️' });
    assert.equal(full['expirationTimestamp'], NOW_S + 1740);
    assert.match(String(full['imgUrl']), /^https:\/\/icons\.invalid\/uicons\/invasion\/7\.png$/);
    const rewards = full['gruntRewardsList'] as { first: Tier; second: Tier };
    assert.ok(rewards.first.monsters.length > 0, 'first tier monsters');
    assert.ok(rewards.second.monsters.length > 0, 'second tier monsters');
    assert.ok(rewards.first.chance > 0 && rewards.first.chance <= 100);
    assert.ok(rewards.second.chance > 0 && rewards.first.chance + rewards.second.chance <= 100);
    assert.ok(rewards.first.monsters.every((m) => typeof m.name === 'string' && m.name !== ''));
  });

  test('the untyped grunt is Mixed; Giovanni rewards come from his reward slot', async () => {
    const plugin = await buildPlugin();
    const mixed = (await views(plugin, invasionHook({ grunt_type: 4, character: 4 }))).full;
    assert.equal(mixed['gruntType'], 'Mixed');
    assert.equal(mixed['gruntTypeEmoji'], '🚀');
    const giovanni = (await views(plugin, invasionHook({ grunt_type: 44, character: 44 }))).full;
    assert.equal(giovanni['gruntType'], 'Giovanni');
    assert.deepEqual(giovanni['genderData'], { name: '', emoji: '' });
  });

  test('names follow the recipient language', async () => {
    const plugin = await buildPlugin();
    const { full } = await views(plugin, invasionHook({ grunt_type: 6, character: 6 }), 'de');
    assert.equal(full['gruntName'], 'Käfer - Rüpel (Weiblich)');
    assert.notEqual(full['gruntType'], '');
  });

  test('stop events are named after the event and have no rewards', async () => {
    const plugin = await buildPlugin();
    const { full } = await views(plugin, invasionHook({ grunt_type: 0, character: 0, display_type: 8 }));
    assert.equal(full['gruntType'], 'Kecleon');
    const rewards = full['gruntRewardsList'] as { first: Tier; second: Tier };
    assert.deepEqual([rewards.first.monsters, rewards.second.monsters], [[], []]);
  });

  test('every variable the plugin declares is in its view', async () => {
    const plugin = await buildPlugin();
    const { full } = await views(plugin, invasionHook());
    for (const name of plugin.templateVariables!['invasion']!) {
      const [head, ...rest] = name.split('.');
      let value: unknown = full[head!];
      for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
      assert.notEqual(value, undefined, name);
    }
  });
});

describe('invasion bundled templates', () => {
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
    test(`${platform}: the default invasion template renders the plugin's view`, async () => {
      const plugin = await buildPlugin();
      const { full } = await views(plugin, invasionHook({ grunt_type: 7, character: 7 }), 'en', platform);
      const body = engine.renderTemplate({ type: 'invasion', platform, language: 'en', id: null, view: { ...FULL_COMMON, ...full } }).body;
      const text = JSON.stringify(body);
      assert.match(text, /Bug/);
      assert.match(text, /🐞/);
      assert.match(text, /Fountain/);
      const rewards = full['gruntRewardsList'] as { first: Tier };
      assert.ok(text.includes(`${rewards.first.chance}%`), 'first tier chance');
      assert.ok(text.includes(rewards.first.monsters[0]!.name), 'first tier monster');
      if (platform === 'discord') assert.ok(text.includes(`<t:${NOW_S + 1740}:R>`));
      assert.doesNotMatch(text, /undefined|\[object Object\]/);
    });
  }
});
