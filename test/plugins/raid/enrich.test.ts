/**
 * Raid and egg enrichment: every variable the spec lists for them (English base, then the language and
 * platform layer), the countdown timestamps, the icons, the weather boost from the core's weather cells, and
 * the bundled templates (fallbacks/dts.json) rendered through a real DtsEngine on both platforms from the
 * plugin's own view.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import type { DtsEngine } from '../../../core/dts/engine.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import { bundledDts, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildPlugin as buildWeatherPlugin, feed, weatherHook } from '../weather/support.ts';
import { buildPlugin, eggHook, NOW_S, raidHook, viewFor, type RaidPlugin } from './support.ts';

describe('raid enrich', () => {
  let plugin: RaidPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('a raid: boss, level, gym, team, moves, EX flag and countdown', async () => {
    const v = await viewFor(plugin, raidHook());
    assert.equal(v.name, 'Mewtwo');
    assert.equal(v.fullName, 'Mewtwo');
    assert.equal(v.id, 150);
    assert.equal(v.level, 5);
    assert.equal(v.levelName, 'Legendary');
    assert.equal(v.cp, 54148);
    assert.equal(v.gymName, 'Town Hall Fountain');
    assert.equal(v.gymUrl, 'https://images.invalid/gym.png');
    assert.equal(v.gymColor, '#e0241e');
    assert.equal(v.teamName, 'Valor');
    assert.ok(String(v.teamEmoji).length > 0, 'the team emoji');
    assert.equal(v.ex, true);
    assert.equal(v.quickMoveName, 'Tackle');
    assert.equal(v.chargeMoveName, 'Hyper Beam');
    assert.equal(v.quickMoveEmoji, '⚪');
    assert.equal(v.chargeMoveEmoji, '⚪');
    assert.equal(v.typeName, 'Psychic');
    assert.equal(v.boosted, false);
    assert.equal(v.evolution, 0);
    assert.equal(v.evolutionName, '');
    assert.equal(v.endTimestamp, NOW_S + 1800);
    assert.equal(v.hatchTimestamp, NOW_S - 900);
    assert.equal(v.gender, 3);
    assert.match(String(v.imgUrl), /^https:\/\/icons\.invalid\/uicons\/pokemon\/150/);
    assert.match(String(v.stickerUrl), /^https:\/\/stickers\.invalid\/uicons\/pokemon\/150/);
    assert.equal(v.imgUrlAlt, '');
    assert.equal(v.raid_seed, '-7672612232807600451', 'the webhook fields stay readable');
  });

  test('a mega raid: evolution and full name', async () => {
    const v = await viewFor(plugin, raidHook({ pokemon_id: 150, evolution: 2, level: 7 }));
    assert.equal(v.evolution, 2);
    assert.equal(v.evolutionName, 'Mega X');
    assert.equal(v.fullName, 'Mega X Mewtwo');
    assert.equal(v.levelName, 'Mega Legendary');
  });

  test('an egg: no boss names, the hatch countdown, the egg icon', async () => {
    const v = await viewFor(plugin, eggHook({ level: 6, ex_raid_eligible: 0, team_id: 0 }));
    assert.equal(v.fullName, '');
    assert.equal(v.name, '');
    assert.equal(v.quickMoveName, '');
    assert.equal(v.levelName, 'Mega');
    assert.equal(v.hatchTimestamp, NOW_S + 1200);
    assert.equal(v.ex, false);
    assert.equal(v.teamName, 'No Team');
    assert.equal(v.gymColor, '#a0a0a0');
    assert.match(String(v.imgUrl), /^https:\/\/icons\.invalid\/uicons\/raid\/egg\/6/);
  });

  test('the language layer: team and temporary evolution in the recipient language, emoji for the platform', async () => {
    const v = await viewFor(plugin, raidHook({ pokemon_id: 382, evolution: 4, level: 10, team_id: 1 }), 'de', 'telegram');
    assert.equal(v.teamName, 'Weisheit');
    assert.equal(v.evolutionName, 'Proto');
    assert.match(String(v.fullName), /^Proto /);
    assert.equal(v.teamNameEng, 'Mystic');
    assert.ok(String(v.teamEmoji).length > 0);
  });
});

describe('raid weather boost from the current weather of the gym\'s cell', () => {
  // the raid sample's gym
  const GYM_CELL = weatherCellId(48.1365, 11.572);

  async function boostedView(condition: number | null, hook: Record<string, unknown> = raidHook(), language = 'en', platform = 'discord') {
    const cells = new WeatherCellStore();
    if (condition !== null) cells.publish(GYM_CELL, condition);
    return viewFor(await buildPlugin({}, cells), hook, language, platform);
  }

  test('windy boosts the psychic Mewtwo: boosted, with the weather id, name and emoji', async () => {
    const v = await boostedView(5);
    assert.equal(v.boosted, true);
    assert.equal(v.boostWeatherId, 5);
    assert.equal(v.boostWeatherName, 'Windy');
    assert.equal(v.boostWeatherEmoji, '🌬️');
  });

  test('the boost weather name in the recipient language', async () => {
    const v = await boostedView(5, raidHook(), 'de', 'telegram');
    assert.equal(v.boosted, true);
    assert.equal(v.boostWeatherName, 'Windig');
  });

  test('rain boosts no type of Mewtwo: not boosted, no boost weather', async () => {
    const v = await boostedView(2);
    assert.equal(v.boosted, false);
    assert.equal(v.boostWeatherId, 0);
    assert.equal(v.boostWeatherName, '');
    assert.equal(v.boostWeatherEmoji, '');
  });

  test('either type of a dual-type boss counts (Charizard: fire by clear, flying by windy)', async () => {
    const charizard = raidHook({ pokemon_id: 6, level: 3 });
    assert.equal((await boostedView(1, charizard)).boosted, true);
    assert.equal((await boostedView(5, charizard)).boosted, true);
    assert.equal((await boostedView(2, charizard)).boosted, false);
    assert.equal((await boostedView(0, charizard)).boosted, false, '0 is no weather');
  });

  test('unknown weather, weather of another cell, or no weather service: not boosted', async () => {
    assert.equal((await boostedView(null)).boosted, false);
    const elsewhere = new WeatherCellStore();
    elsewhere.publish(weatherCellId(51.28, 1.08), 5);
    assert.equal((await viewFor(await buildPlugin({}, elsewhere), raidHook())).boosted, false);
    assert.equal((await viewFor(await buildPlugin(), raidHook())).boosted, false);
  });

  test('an egg is never boosted', async () => {
    const v = await boostedView(5, eggHook());
    assert.equal(v.boosted, false);
    assert.equal(v.boostWeatherId, 0);
  });

  test('the weather plugin publishes a weather report, the raid plugin reads it for a raid in the same cell', async () => {
    const cells = new WeatherCellStore();
    const weather = await buildWeatherPlugin({ weather: { change_alert: false } }, cells);
    const raid = await buildPlugin({}, cells);
    assert.equal((await viewFor(raid, raidHook())).boosted, false, 'nothing known yet');
    feed(weather, 'weather', weatherHook({ latitude: 48.137, longitude: 11.5725, gameplay_condition: 5 }));
    assert.equal((await viewFor(raid, raidHook())).boosted, true);
    feed(weather, 'weather', weatherHook({ latitude: 48.137, longitude: 11.5725, gameplay_condition: 2, updated: NOW_S + 3600 }));
    assert.equal((await viewFor(raid, raidHook())).boosted, false, 'the weather changed to rain');
  });
});

describe('raid and egg with the bundled templates', () => {
  let plugin: RaidPlugin;
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    plugin = await buildPlugin();
    ({ tree, engine } = await bundledDts());
  });
  after(() => tree.remove());

  /** the plugin's view plus what the core adds for every alert type */
  const COMMON: View = { addr: 'Marienplatz 1', areas: 'Old Town', time: '12:30:00', tthh: 0, tthm: 29, tths: 5, navUrlA: 'https://maps.invalid/a', staticMap: 'https://tiles.invalid/map.png' };

  function text(body: Readonly<Record<string, unknown>>): string {
    const embed = body['embed'] as Record<string, unknown> | undefined;
    return embed ? `${String(embed['title'])}\n${String(embed['description'])}` : String(body['content']);
  }

  for (const platform of ['discord', 'telegram'] as const) {
    test(`raid on ${platform}: boss, level, gym, team, CP, moves`, async () => {
      const view = layer(await viewFor(plugin, raidHook(), 'en', platform), COMMON);
      for (const id of ['1', '2']) {
        const rendered = text(engine.renderTemplate({ type: 'raid', platform, language: 'en', id, view }).body);
        assert.match(rendered, /Mewtwo/);
        assert.match(rendered, /Town Hall Fountain/);
        if (platform === 'discord') assert.match(rendered, new RegExp(`<t:${NOW_S + 1800}:R>`));
        if (id === '1') {
          assert.match(rendered, /Legendary/);
          assert.match(rendered, /EX raid gym/);
          assert.match(rendered, /Held by Valor/);
          assert.match(rendered, /CP 54148/);
          assert.match(rendered, /Tackle/);
          assert.match(rendered, /Hyper Beam/);
        }
      }
    });

    test(`egg on ${platform}: level name, hatch countdown, gym`, async () => {
      const view = layer(await viewFor(plugin, eggHook(), 'en', platform), COMMON);
      for (const id of ['1', '2']) {
        const rendered = text(engine.renderTemplate({ type: 'egg', platform, language: 'en', id, view }).body);
        assert.match(rendered, /Legendary/);
        assert.match(rendered, /Town Hall Fountain/);
        if (platform === 'discord') assert.match(rendered, new RegExp(`<t:${NOW_S + 1200}:R>`));
        assert.doesNotMatch(rendered, /undefined|\{\{/);
      }
    });
  }

  test('the discord embed colour is the gym team colour', async () => {
    const view = layer(await viewFor(plugin, raidHook()), COMMON);
    const body = engine.renderTemplate({ type: 'raid', platform: 'discord', language: 'en', id: '1', view }).body;
    const color = (body['embed'] as Record<string, unknown>)['color'];
    assert.ok(color === 0xe0241e || color === '#e0241e', `colour ${String(color)}`);
  });
});
