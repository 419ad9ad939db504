/**
 * Nest enrichment (every listed variable: name, nestName, creatureSpawnAvg, resetDate, color, emojiString,
 * images) in English and per language/platform, and the bundled nest templates rendered from it on both
 * platforms through a real DtsEngine over fallbacks/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import type { DtsEngine } from '../../../core/dts/engine.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { bundledDts, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildNestPlugin, hookContext, nestHook, parsedNest, type NestPlugin } from './support.ts';

async function viewFor(plugin: NestPlugin, hook: Record<string, unknown>, platform = 'discord', language = 'en'): Promise<View> {
  const event = parsedNest(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return layer(base, plugin.enrichLanguage!(event, base, { language, platform }, hookContext()));
}

describe('nest enrich', () => {
  let plugin: NestPlugin;
  before(async () => (plugin = await buildNestPlugin()));

  test('every nest variable', async () => {
    const v = await viewFor(plugin, nestHook());
    assert.equal(v.name, 'Pikachu');
    assert.equal(v.fullName, 'Pikachu');
    assert.equal(v.nestName, 'Englischer Garten');
    assert.equal(v.creatureSpawnAvg, 14.6);
    assert.equal(v.pokemonCount, 96);
    assert.equal(v.resetDate, '02/04/2026', '[locale] date (L) of the reset in UTC, in the default timeformat en-gb');
    assert.match(String(v.color), /^#[0-9a-f]{6}$/i);
    assert.equal(v.emojiString, '⚡');
    assert.equal(v.typeName, 'Electric');
    assert.match(String(v.imgUrl), /^https:\/\/icons\.invalid\/uicons\/pokemon\/25\.png$/);
    assert.match(String(v.stickerUrl), /^https:\/\/stickers\.invalid\//);
    assert.equal(v.nest_id, 4711, 'the webhook fields stay underneath');
  });

  test('resetDate follows [locale] timeformat and date', async () => {
    const german = await buildNestPlugin({ locale: { timeformat: 'de' } });
    assert.equal((await viewFor(german, nestHook())).resetDate, '02.04.2026');
    const american = await buildNestPlugin({ locale: { timeformat: 'en-us' } });
    assert.equal((await viewFor(american, nestHook())).resetDate, '04/02/2026');
    const spelledOut = await buildNestPlugin({ locale: { timeformat: 'de', date: 'D. MMMM YYYY' } });
    assert.equal((await viewFor(spelledOut, nestHook())).resetDate, '2. April 2026');
  });

  test('an unknown reset time leaves resetDate empty; a form is named', async () => {
    const v = await viewFor(plugin, nestHook({ reset_time: 0, form: 598 }));
    assert.equal(v.resetDate, '');
    assert.ok(String(v.fullName).startsWith('Pikachu'));
    assert.equal(v.formId, 598);
  });

  test('the declared variables are the ones the view has', async () => {
    const v = await viewFor(plugin, nestHook());
    for (const name of plugin.templateVariables!.nest!) assert.ok(name in v, name);
  });
});

describe('nest bundled templates', () => {
  let plugin: NestPlugin;
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    plugin = await buildNestPlugin();
    ({ tree, engine } = await bundledDts());
  });
  after(() => tree.remove());

  for (const platform of ['discord', 'telegram'] as const) {
    test(`renders on ${platform}`, async () => {
      const view = await viewFor(plugin, nestHook(), platform);
      const body = engine.renderTemplate({ type: 'nest', platform, language: 'en', id: null, view }).body as Record<string, unknown>;
      const text = JSON.stringify(body);
      assert.match(text, /Nest: Pikachu ⚡/);
      assert.match(text, /Englischer Garten/);
      assert.match(text, /About 14\.6 spawns an hour/);
      assert.match(text, /Nesting since 02\/04\/2026/);
      assert.ok(!/undefined|NaN|\[object Object\]/.test(text), text);
      if (platform === 'discord') assert.match(String((body['embed'] as Record<string, unknown>)['color']), /^#[0-9a-f]{6}$/i);
      else assert.match(String(body['sticker']), /stickers\.invalid/);
    });
  }
});
