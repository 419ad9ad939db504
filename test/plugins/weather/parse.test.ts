/**
 * Parsing `weather` webhooks (Golbat/RDM and the MAD spelling) into events, the malformed ones with a
 * reason, `pokemon` webhooks as remembered sightings (always skipped, never an alert), and every weather
 * sample in ../shared/reference/samples when it is there.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import { buildPlugin, CELL, feed, hookContext, LAT, LON, NOW_S, pokemonHook, weatherHook } from './support.ts';

test('a Golbat weather webhook: the cell is recomputed from the coordinates, not the rounded s2_cell_id', async () => {
  const plugin = await buildPlugin();
  const outcome = plugin.parse(weatherHook(), hookContext());
  assert.ok(outcome.ok);
  assert.equal(outcome.event.cellId, CELL);
  assert.equal(outcome.event.condition, 2);
  assert.equal(outcome.event.previousCondition, null);
  assert.equal(outcome.event.updated, NOW_S);
  assert.deepEqual(plugin.locate!(outcome.event), { latitude: LAT, longitude: LON });
});

test('the MAD spelling (condition, time_changed) reads the same', async () => {
  const plugin = await buildPlugin();
  const hook = weatherHook({ condition: 4, time_changed: NOW_S - 60 });
  delete hook['gameplay_condition'];
  delete hook['updated'];
  const outcome = plugin.parse(hook, hookContext());
  assert.ok(outcome.ok);
  assert.equal(outcome.event.condition, 4);
  assert.equal(outcome.event.updated, NOW_S - 60);
});

test('malformed weather webhooks are refused with a reason', async () => {
  const plugin = await buildPlugin();
  const cases: [unknown, RegExp][] = [
    [null, /object/],
    [weatherHook({ latitude: undefined }), /latitude/],
    [weatherHook({ gameplay_condition: 9 }), /gameplay_condition/],
    [weatherHook({ gameplay_condition: 'rain' }), /gameplay_condition/],
  ];
  for (const [hook, reason] of cases) {
    const outcome = plugin.parse(hook, hookContext());
    assert.equal(outcome.ok, false);
    if (!outcome.ok) {
      assert.match(outcome.reason, reason);
      assert.notEqual(outcome.skip, true);
    }
  }
});

test('the previous condition is the one the cell had before; dedupe and expiry go by cell and hour', async () => {
  const plugin = await buildPlugin();
  const first = feed(plugin, 'weather', weatherHook({ gameplay_condition: 1, updated: NOW_S - 3600 }))!;
  const second = feed(plugin, 'weather', weatherHook({ gameplay_condition: 2 }))!;
  assert.equal(first.previousCondition, null);
  assert.equal(second.previousCondition, 1);
  assert.notEqual(plugin.dedupeKey!(first), plugin.dedupeKey!(second));
  assert.equal(plugin.dedupeKey!(second), plugin.dedupeKey!(feed(plugin, 'weather', weatherHook({ gameplay_condition: 2, updated: NOW_S + 1 }))!));
  assert.equal(plugin.expiresAt!(second), (Math.floor(NOW_S / 3600) + 1) * 3600 * 1000);
});

test('a pokemon webhook is skipped (no alert, no rejection) but seeds an unknown cell condition', async () => {
  const plugin = await buildPlugin();
  const outcome = plugin.parse(pokemonHook({ latitude: LAT, longitude: LON, weather: 3 }), hookContext('pokemon'));
  assert.equal(outcome.ok, false);
  if (!outcome.ok) assert.equal(outcome.skip, true);
  assert.equal(feed(plugin, 'weather', weatherHook({ gameplay_condition: 2 }))!.previousCondition, 3);
  // a known condition is not overwritten by a pokemon's boost
  feed(plugin, 'pokemon', pokemonHook({ latitude: LAT, longitude: LON, weather: 5 }));
  assert.equal(feed(plugin, 'weather', weatherHook({ gameplay_condition: 2, updated: NOW_S + 3600 }))!.previousCondition, 2);
});

test('a malformed pokemon webhook is skipped quietly', async () => {
  const plugin = await buildPlugin();
  const outcome = plugin.parse({ pokemon_id: 'x' }, hookContext('pokemon'));
  assert.equal(outcome.ok, false);
  if (!outcome.ok) assert.equal(outcome.skip, true);
});

const SAMPLES = new URL('../../../../shared/reference/samples/', import.meta.url);

test('every weather sample of ../shared parses', { skip: !existsSync(SAMPLES) && 'no ../shared' }, async () => {
  const plugin = await buildPlugin();
  const hooks: unknown[] = [];
  for (const name of ['testdata-js.json', 'testdata-ng.json']) {
    const file = new URL(name, SAMPLES);
    if (!existsSync(file)) continue;
    const items = JSON.parse(readFileSync(file, 'utf8')) as { type?: string; webhook?: unknown }[];
    for (const item of items) if (item.type === 'weather') hooks.push(item.webhook);
  }
  const webhooksMd = new URL('../webhooks.md', SAMPLES);
  if (existsSync(webhooksMd)) {
    for (const match of readFileSync(webhooksMd, 'utf8').matchAll(/^\[\{"type":"weather".*$/gm)) hooks.push(...(JSON.parse(match[0]) as { message: unknown }[]).map((i) => i.message));
  }
  if (hooks.length === 0) return;
  for (const hook of hooks) {
    const outcome = plugin.parse(hook, hookContext());
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
    assert.match(outcome.event.cellId, /^\d+$/);
  }
});

test('a report dropped as a repeat still updates the cell’s condition (parse remembers it)', async () => {
  const plugin = await buildPlugin();
  const ctx = hookContext();
  plugin.parse(weatherHook({ gameplay_condition: 1, updated: NOW_S - 3600 }), ctx);
  plugin.parse(weatherHook({ gameplay_condition: 2 }), ctx);
  const back = plugin.parse(weatherHook({ gameplay_condition: 1, updated: NOW_S + 60 }), ctx);
  assert.ok(back.ok);
  assert.equal(back.event.previousCondition, 2);
});

test('every condition the plugin learns is published to the core weather cells', async () => {
  const cells = new WeatherCellStore();
  const plugin = await buildPlugin({ weather: { change_alert: false, show_altered_creatures: false } }, cells);
  // a pokemon's boost seeds the unknown cell
  feed(plugin, 'pokemon', pokemonHook({ latitude: LAT, longitude: LON, weather: 3 }));
  assert.equal(cells.condition(CELL), 3);
  assert.equal(cells.at(LAT, LON), 3);
  // a weather report replaces it, even with change alerts off
  feed(plugin, 'weather', weatherHook({ gameplay_condition: 2 }));
  assert.equal(cells.at(LAT, LON), 2);
  // a later boost does not override a known condition
  feed(plugin, 'pokemon', pokemonHook({ latitude: LAT, longitude: LON, weather: 5 }));
  assert.equal(cells.at(LAT, LON), 2);
  // a repeat dropped by the dedupe still reaches the store (parse publishes, not observe)
  plugin.parse(weatherHook({ gameplay_condition: 6, updated: NOW_S + 60 }), hookContext());
  assert.equal(cells.at(LAT, LON), 6);
  assert.equal(cells.at(48.1365, 11.572), null, 'another cell stays unknown');
});

test('without the weather cells service the plugin works as before', async () => {
  const plugin = await buildPlugin();
  assert.equal(feed(plugin, 'weather', weatherHook({ gameplay_condition: 2 }))!.condition, 2);
});
