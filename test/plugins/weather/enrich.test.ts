/**
 * Enrichment of every weatherchange variable (English base, then the language/platform layer), the
 * `activeCreatures` list ([weather] show_altered_creatures and its max count: only pokemon whose boost changed
 * and that have not despawned), and rendering the bundled templates with the plugin's own view.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import weatherPlugin from '../../../plugins/weather/index.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { buildPlugin, CELL, changeEvent, feed, hookContext, LAT, LON, NOW_S, ON, pokemonHook, type WeatherPlugin } from './support.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

async function views(plugin: WeatherPlugin, from: number, to: number, language = 'en', platform = 'discord'): Promise<{ base: View; lang: View }> {
  const event = changeEvent(plugin, from, to);
  const base = await plugin.enrich!(event, hookContext());
  const lang = plugin.enrichLanguage!(event, base, { language, platform }, hookContext());
  return { base, lang };
}

function seen(plugin: WeatherPlugin, encounter: string, pokemonId: number, overrides: Record<string, unknown> = {}): void {
  feed(plugin, 'pokemon', pokemonHook({ encounter_id: encounter, pokemon_id: pokemonId, latitude: LAT + 0.001, longitude: LON, ...overrides }));
}

test('the new and old condition: ids, names, emoji, the cell and the icons', async () => {
  const plugin = await buildPlugin();
  const { base, lang } = await views(plugin, 1, 2);
  assert.equal(base.weatherId, 2);
  assert.equal(base.weatherName, 'Rain');
  assert.equal(base.weatherNameEng, 'Rain');
  assert.equal(base.oldWeatherId, 1);
  assert.equal(base.oldWeatherName, 'Clear');
  assert.equal(base.cellId, CELL);
  assert.equal(base.s2_cell_id, CELL);
  assert.equal(base.condition, 2);
  assert.equal(base.updated, NOW_S);
  assert.match(String(base.imgUrl), /^https:\/\/icons\.invalid\/uicons\/weather\/2/);
  assert.match(String(base.stickerUrl), /^https:\/\/stickers\.invalid\/uicons\/weather\/2/);
  assert.equal(lang.weatherName, 'Rain');
  assert.equal(lang.oldWeatherName, 'Clear');
  assert.equal(typeof lang.weatherEmoji, 'string');
  assert.notEqual(lang.weatherEmoji, '');
  assert.notEqual(lang.oldWeatherEmoji, '');
  assert.notEqual(lang.weatherEmoji, lang.oldWeatherEmoji);
});

test('imgUrlAlt: the weather icon of the alt set; empty without that set', async () => {
  const withAlt = weatherPlugin(await testPluginSetup({ config: ON, alt: true })) as WeatherPlugin;
  assert.match(String((await views(withAlt, 1, 3)).base.imgUrlAlt), /^https:\/\/alt\.invalid\/uicons\/weather\/3/);
  assert.equal((await views(await buildPlugin(), 1, 3)).base.imgUrlAlt, '');
});

test('activeCreatures: the cell’s pokemon whose boost changed, still on the map, capped', async () => {
  const plugin = await buildPlugin({ weather: { change_alert: true, show_altered_creatures: true, show_altered_creatures_max_count: 2 } });
  seen(plugin, 'e1', 25, {}); // electric: boosted by rain, not clear → altered
  seen(plugin, 'e2', 25, { individual_attack: null, individual_defense: null, individual_stamina: null, cp: null }); // unencountered, altered
  seen(plugin, 'e3', 25, { disappear_time: NOW_S - 1 }); // gone
  seen(plugin, 'e4', 25, { latitude: 48.1 }); // another cell
  seen(plugin, 'e5', 25, {}); // over the cap
  const { lang } = await views(plugin, 1, 2);
  const list = lang.activeCreatures as Record<string, unknown>[];
  assert.deepEqual(list.map((c) => [c.name, c.pokemonId, c.iv, c.cp, c.boosted]), [
    ['Pikachu', 25, 93.33, 500, true],
    ['Pikachu', 25, '', '', true],
  ]);
  assert.deepEqual(lang.activePokemons, list);
});

test('show_altered_creatures_static_map: the event\'s own view (what the tile server is sent) pins them; off, only the templates get them', async () => {
  const onMap = await buildPlugin({ weather: { change_alert: true, show_altered_creatures: true, show_altered_creatures_static_map: true } });
  seen(onMap, 'e1', 25);
  const pins = (await views(onMap, 1, 2)).base.activePokemons as Record<string, unknown>[];
  assert.equal(pins.length, 1);
  assert.equal(pins[0]?.latitude, LAT + 0.001);
  assert.equal(pins[0]?.longitude, LON);
  assert.match(String(pins[0]?.imgUrl), /^https:\/\/icons\.invalid\/uicons\/pokemon\/25/);
  assert.ok(Array.isArray((await views(onMap, 1, 2)).base.coords));

  const offMap = await buildPlugin({ weather: { change_alert: true, show_altered_creatures: true } });
  seen(offMap, 'e1', 25);
  const { base, lang } = await views(offMap, 1, 2);
  assert.equal('activePokemons' in base, false);
  assert.equal('activeCreatures' in base, false);
  assert.equal((lang.activePokemons as unknown[]).length, 1);
});

test('pokemon whose boost did not change are not listed; show_altered_creatures off lists none', async () => {
  const plugin = await buildPlugin({ weather: { change_alert: true, show_altered_creatures: true } });
  seen(plugin, 'e1', 25);
  const same = await views(plugin, 3, 4); // neither partly cloudy nor cloudy boosts electric
  assert.deepEqual(same.lang.activeCreatures, []);
  const off = await buildPlugin({ weather: { change_alert: true, show_altered_creatures: false } });
  seen(off, 'e1', 25);
  assert.deepEqual((await views(off, 1, 2)).lang.activeCreatures, []);
});

test('the language layer translates the names', async () => {
  const plugin = await buildPlugin();
  seen(plugin, 'e1', 25);
  const { base, lang } = await views(plugin, 1, 2, 'de');
  assert.equal(lang.weatherName, 'Regen');
  assert.equal(base.weatherName, 'Rain');
  assert.equal((lang.activeCreatures as Record<string, unknown>[])[0]?.name, 'Pikachu');
});

const fallbackDts = readFileSync(new URL('../../../fallbacks/dts.json', import.meta.url), 'utf8');
const fallbackPartials = readFileSync(new URL('../../../fallbacks/partials.json', import.meta.url), 'utf8');
let tree: DtsTree;
let engine: DtsEngine;

before(async () => {
  tree = dtsTree({ 'fallbacks/dts.json': fallbackDts, 'fallbacks/partials.json': fallbackPartials });
  engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED, defaultTemplateId: '1', fallbackLanguage: 'en' });
});
after(() => tree.remove());

for (const platform of ['discord', 'telegram'] as const) {
  test(`the bundled ${platform} weatherchange template renders the plugin’s view`, async () => {
    const plugin = await buildPlugin();
    seen(plugin, 'e1', 25);
    const { base, lang } = await views(plugin, 1, 2, 'en', platform);
    const view = Object.assign(Object.create(base) as object, lang) as View;
    const body = engine.renderTemplate({ type: 'weatherchange', platform, language: 'en', id: null, view }).body;
    const text = JSON.stringify(body);
    assert.match(text, /Weather: .+ Rain/);
    assert.match(text, /Changed from .+ Clear to .+ Rain/);
    assert.match(text, /Pikachu 93% CP 500/);
    if (platform === 'discord') assert.match(text, /icons\.invalid\/uicons\/weather\/2/);
    else assert.match(text, /stickers\.invalid\/uicons\/weather\/2/);
  });
}
