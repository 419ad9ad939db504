/**
 * Matching, table-driven over the `weather` table's filters and sentinels: condition (0 = any), cell (a cell
 * id matches only that cell; empty or `0` = any cell in the human's areas), the [weather] change_alert switch,
 * no alert without a real change, and one alert per human.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TrackingRow } from '../../../core/model.ts';
import type { WeatherIndex } from '../../../plugins/weather/rule.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { buildPlugin, CELL, changeEvent, feed, human, matchContext, ON, snapshotWith, weatherHook, weatherRow, type WeatherPlugin } from './support.ts';

const OTHER_CELL = weatherCellId(48.1, 11.5);

async function matched(plugin: WeatherPlugin, rows: readonly TrackingRow[], from: number, to: number, areas: readonly string[] = ['downtown']): Promise<number[]> {
  const snapshot = snapshotWith(plugin, [human('ash'), human('misty', { area: ['uptown'] })], rows);
  const event = changeEvent(plugin, from, to);
  return plugin.match(event, snapshot, snapshot.index<WeatherIndex>(plugin.name), matchContext(areas)).map((m) => m.ruleUid);
}

const CASES: { name: string; row: Record<string, unknown>; from: number; to: number; areas?: string[]; hit: boolean }[] = [
  { name: 'any condition, this cell', row: { condition: 0 }, from: 1, to: 2, hit: true },
  { name: 'the new condition', row: { condition: 2 }, from: 1, to: 2, hit: true },
  { name: 'another condition', row: { condition: 3 }, from: 1, to: 2, hit: false },
  { name: 'the old condition', row: { condition: 1 }, from: 1, to: 2, hit: false },
  { name: 'another cell', row: { cell: OTHER_CELL }, from: 1, to: 2, hit: false },
  { name: 'this cell outside the human’s areas', row: {}, from: 1, to: 2, areas: [], hit: true },
  { name: 'any cell ("") inside the human’s areas', row: { cell: '' }, from: 1, to: 2, hit: true },
  { name: 'any cell ("0") inside the human’s areas', row: { cell: '0' }, from: 1, to: 2, hit: true },
  { name: 'any cell outside the human’s areas', row: { cell: '' }, from: 1, to: 2, areas: ['uptown'], hit: false },
  { name: 'no change', row: {}, from: 2, to: 2, hit: false },
];

for (const c of CASES) {
  test(`weather rule: ${c.name} → ${c.hit ? 'alert' : 'no alert'}`, async () => {
    const plugin = await buildPlugin();
    const row = weatherRow('ash', c.row);
    assert.deepEqual(await matched(plugin, [row], c.from, c.to, c.areas), c.hit ? [row.uid] : []);
  });
}

test('nothing alerts while [weather] change_alert is off', async () => {
  const plugin = await buildPlugin({ weather: { change_alert: false } });
  assert.deepEqual(await matched(plugin, [weatherRow('ash')], 1, 2), []);
});

test('the first condition seen for a cell is no change', async () => {
  const plugin = await buildPlugin(ON);
  const snapshot = snapshotWith(plugin, [human('ash')], [weatherRow('ash')]);
  const event = feed(plugin, 'weather', weatherHook())!;
  assert.deepEqual(plugin.match(event, snapshot, snapshot.index<WeatherIndex>(plugin.name), matchContext(['downtown'])), []);
});

test('one alert per human, the alert type weatherchange, the rule’s template/ping/clean', async () => {
  const plugin = await buildPlugin();
  const a = weatherRow('ash', { condition: 2, template: 3, ping: '<@1>', clean: 1 });
  const b = weatherRow('ash', { cell: '' });
  const c = weatherRow('misty', { cell: CELL });
  const snapshot = snapshotWith(plugin, [human('ash'), human('misty')], [a, b, c]);
  const event = changeEvent(plugin, 1, 2);
  const matches = plugin.match(event, snapshot, snapshot.index<WeatherIndex>(plugin.name), matchContext(['downtown']));
  assert.deepEqual(matches.map((m) => [m.human.id, m.ruleUid, m.alertType, m.templateId, m.ping, m.clean]), [
    ['ash', a.uid, 'weatherchange', '3', '<@1>', 1],
    ['misty', c.uid, 'weatherchange', '1', '', 0],
  ]);
});

test('rules of disabled humans are not in the index', async () => {
  const plugin = await buildPlugin();
  assert.deepEqual(await matched(plugin, [weatherRow('ghost')], 1, 2), []);
});
