import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WEATHER_ALIASES } from '../../../plugins/weather/variables.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { buildPlugin, CELL, feed, hookContext, LAT, LON, NOW_S, pokemonHook, weatherHook, type WeatherPlugin } from './support.ts';

const SHOWING = { weather: { change_alert: true, show_altered_creatures: true, show_altered_creatures_max_count: 5 } };

/** the cell was clear an hour ago and a Pikachu (boosted by rain) is on the map */
function clearWithPikachu(plugin: WeatherPlugin): void {
  feed(plugin, 'pokemon', pokemonHook({ encounter_id: 'e1', pokemon_id: 25, latitude: LAT + 0.001, longitude: LON }));
  feed(plugin, 'weather', weatherHook({ gameplay_condition: 1, updated: NOW_S - 3600 }));
}

describe('weatherchange: the previous generations names', () => {
  test('every alias holds its variable, on both platforms and in another language', async () => {
    for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
      const plugin = await buildPlugin(SHOWING);
      clearWithPikachu(plugin);
      assertAliases(await fullView(plugin, weatherHook({ gameplay_condition: 2 }), hookContext(), scope), WEATHER_ALIASES, `${scope.language}/${scope.platform}: `);
    }
  });

  test('the issue\'s names: weather, oldweather, weatheremoji, oldweatheremoji, activePokemons; declared', async () => {
    const plugin = await buildPlugin(SHOWING);
    clearWithPikachu(plugin);
    const view = await fullView(plugin, weatherHook({ gameplay_condition: 2 }), hookContext(), { platform: 'telegram' });
    assert.equal(view.weather, 'Rain');
    assert.equal(view.oldweather, 'Clear');
    assert.notEqual(view.weatheremoji, '');
    assert.notEqual(view.oldweatheremoji, '');
    assert.equal(view.id, CELL);
    for (const name of ['weather', 'oldweather', 'weatheremoji', 'oldweatheremoji', 'activePokemons', 'coords']) assert.ok(plugin.templateVariables!.weatherchange!.includes(name), name);
  });

  test('activePokemons entries carry the previous generations\' fields', async () => {
    const plugin = await buildPlugin(SHOWING);
    clearWithPikachu(plugin);
    const view = await fullView(plugin, weatherHook({ gameplay_condition: 2 }), hookContext(), { language: 'de' });
    const [pikachu] = view.activePokemons as Record<string, unknown>[];
    assert.deepEqual(
      [pikachu!.pokemon_id, pikachu!.form, pikachu!.nameEng, pikachu!.fullNameEng, pikachu!.latitude, pikachu!.longitude, pikachu!.disappear_time],
      [25, 0, 'Pikachu', 'Pikachu', LAT + 0.001, LON, pikachu!.disappearTime],
    );
    assert.match(String(pikachu!.imgUrl), /^https:\/\/icons\.invalid\/uicons\/pokemon\/25/);
  });

  test('the cell\'s corners as coords; weatherTth is the time left to the end of the hour', async () => {
    const plugin = await buildPlugin(SHOWING);
    const view = await fullView(plugin, weatherHook({ gameplay_condition: 3 }), hookContext());
    const coords = view.coords as [number, number][];
    assert.equal(coords.length, 4);
    for (const [lat, lon] of coords) assert.ok(Math.abs(lat - LAT) < 0.2 && Math.abs(lon - LON) < 0.2, `${lat},${lon}`);
    assert.deepEqual(view.weatherTth, view.tth);
    assert.equal((view.tth as { hours: number }).hours, 1, 'NOW_S is on the hour: an hour is left');
  });
});
