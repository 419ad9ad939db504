/**
 * "Why didn't I get this alert?" for weather rules: each reason code in words ([weather] change_alert off, no
 * condition, the cell's weather before unknown, unchanged, another cell, another condition, a rule of another table,
 * the reach of a rule for any cell), FIRES for a rule that matches, and the property of the issue: over seeded random
 * rules, humans and reports (the plugin's memory of each cell deciding what is a change), a human gets an alert from
 * `match` exactly when one of its rules' verdicts fires, and the rule that matched is one of those.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import type { WeatherEvent } from '../../../plugins/weather/event.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { areaContext, explainAgreement, randomAreas, randomPeople, unseenCodes, type SeenCodes } from '../../helpers/explain-agreement.ts';
import { buildPlugin, CELL, changeEvent, feed, human, LAT, LON, matchContext, NOW_S, ON, snapshotWith, weatherHook, weatherRow, type WeatherPlugin } from './support.ts';

const ASH = human('ash');

function words(verdict: RuleVerdict): string {
  return verdict.text.replace(/\{(\w+)\}/g, (_, name: string) => String(verdict.values?.[name] ?? `{${name}}`));
}

function explain(plugin: WeatherPlugin, event: WeatherEvent, row: Record<string, unknown> = {}, areas: readonly string[] = ['downtown'], table = 'weather'): RuleVerdict {
  const rule = plugin.trackingTables![0]!.read!(weatherRow('ash', row));
  return plugin.explainRule!(event, { table, rule, human: ASH, locations: undefined }, matchContext(areas));
}

describe('weather explain: the reasons in words', () => {
  test('a rule that matches fires: for the cell wherever it is, for any cell inside the areas', async () => {
    const plugin = await buildPlugin();
    const event = changeEvent(plugin, 1, 2);
    assert.deepEqual(explain(plugin, event, {}, []), { fires: true, code: 'fires', text: 'would fire' });
    assert.equal(explain(plugin, event, { cell: '', condition: 2 }).fires, true);
  });

  test('change_alert_off: [weather] change_alert is off', async () => {
    const plugin = await buildPlugin({ weather: { change_alert: false } });
    const v = explain(plugin, changeEvent(plugin, 1, 2));
    assert.equal(v.code, 'change_alert_off');
    assert.equal(words(v), 'weather change alerts are off ([weather] change_alert)');
  });

  test('unknown_before: the first report of a cell is no change', async () => {
    const plugin = await buildPlugin();
    const v = explain(plugin, feed(plugin, 'weather', weatherHook())!);
    assert.equal(v.code, 'unknown_before');
    assert.equal(words(v), "the cell's weather before Rain is not known (its first report since the start), so this is no change");
  });

  test('unchanged and no_condition', async () => {
    const plugin = await buildPlugin();
    const same = explain(plugin, changeEvent(plugin, 2, 2));
    assert.equal(same.code, 'unchanged');
    assert.equal(words(same), 'the weather stayed Rain');
    const none = explain(plugin, changeEvent(plugin, 2, 0));
    assert.equal(none.code, 'no_condition');
    assert.equal(words(none), 'the report gives the cell no weather condition');
  });

  test('cell and condition: the rule is for another cell, or another condition', async () => {
    const plugin = await buildPlugin();
    const event = changeEvent(plugin, 1, 2);
    const other = weatherCellId(48.1, 11.5);
    const cell = explain(plugin, event, { cell: other });
    assert.equal(cell.code, 'cell');
    assert.equal(words(cell), `the rule is for the weather cell ${other}, the change is in ${CELL}`);
    const condition = explain(plugin, event, { condition: 3 });
    assert.equal(condition.code, 'condition');
    assert.equal(words(condition), 'the rule is for a change to Partly Cloudy, the weather changed to Rain');
  });

  test('the reach of a rule for any cell: outside the human areas', async () => {
    const plugin = await buildPlugin();
    const v = explain(plugin, changeEvent(plugin, 1, 2), { cell: '0' }, ['uptown']);
    assert.equal(v.code, 'outside_areas');
    assert.equal(words(v), 'the event is in uptown, not in any of your areas (downtown)');
  });

  test('other_kind: a rule of another table', async () => {
    const plugin = await buildPlugin();
    assert.equal(words(explain(plugin, changeEvent(plugin, 1, 2), {}, ['downtown'], 'raid')), 'a rule of raid does not apply to this kind of event');
  });

  test('eventIds: the weather cell', async () => {
    const plugin = await buildPlugin();
    assert.deepEqual(plugin.eventIds!(changeEvent(plugin, 1, 2)), [CELL]);
  });
});

/** cell centres: the fixture's cell and two more */
const PLACES = [
  { latitude: LAT, longitude: LON },
  { latitude: 51.5, longitude: 1.08 },
  { latitude: 51.28, longitude: 1.5 },
];
const CELLS = PLACES.map((p) => weatherCellId(p.latitude, p.longitude));

function randomRule(random: Random, humanId: string): TrackingRow {
  return weatherRow(humanId, { cell: random.pick([...CELLS, '', '0', weatherCellId(10, 10)]), condition: random.chance(0.3) ? 0 : random.int(1, 7) });
}

describe('weather explain agrees with match', () => {
  test('300 random reports over random rules of several humans, change_alert on and off', async () => {
    const plugins = [await buildPlugin(ON), await buildPlugin({ weather: { change_alert: false } })];
    const random = seededRandom(24_005);
    const codes: SeenCodes = new Set();
    const problems: string[] = [];
    for (let round = 0; round < 30; round++) {
      const plugin = round % 5 === 4 ? plugins[1]! : plugins[0]!;
      const people = randomPeople(random, 5, LAT, LON);
      const rows = people.humans.flatMap((h) => Array.from({ length: random.int(0, 4) }, () => randomRule(random, h.id)));
      const snapshot = snapshotWith(plugin, people.humans, rows, people.locations);
      for (let i = 0; i < 10; i++) {
        const place = random.pick(PLACES);
        const condition = random.chance(0.05) ? 0 : random.int(1, 4);
        const event = feed(plugin, 'weather', weatherHook({ ...place, gameplay_condition: condition, updated: NOW_S + round * 100 + i }))!;
        problems.push(...explainAgreement(plugin, snapshot, 'weather', rows, event, areaContext(randomAreas(random), NOW_S * 1000, 'weather'), codes));
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(unseenCodes(codes, ['fires', 'change_alert_off', 'unknown_before', 'unchanged', 'no_condition', 'cell', 'condition', 'outside_areas']), [], JSON.stringify([...codes]));
  });
});
