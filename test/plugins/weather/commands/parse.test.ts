/**
 * The `weather` grammar as a pure function: condition names (aliases, the user's language), `everything`,
 * the place (`cell:`, `here`, `d:` with `location:`, nothing = the target's areas), `template<N>`, `clean`,
 * `remove` and `id:`, and the refusals (the spec's rule errors included).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configFromObject } from '../../../helpers/config.ts';
import { parseWeatherCommand, type WeatherParseOptions } from '../../../../plugins/weather/commands/index.ts';
import { weatherCellId } from '../../../../core/geo/s2-cell.ts';
import { fill, tokens } from '../../monster/commands/support.ts';
import { fixtureGameData } from '../support.ts';

async function options(overrides: Partial<WeatherParseOptions> = {}): Promise<WeatherParseOptions> {
  return {
    gameData: await fixtureGameData(),
    language: 'en',
    limits: configFromObject({}).config.tracking,
    areaNames: new Set(['downtown']),
    locations: [{ label: 'Home', latitude: 48.1, longitude: 11.5 }],
    home: { latitude: 51.28, longitude: 1.08 },
    defaultTemplate: '1',
    ping: '',
    ...overrides,
  };
}

async function parse(text: string, overrides: Partial<WeatherParseOptions> = {}) {
  const { args, rawArgs } = tokens(text);
  return parseWeatherCommand(args, rawArgs, await options(overrides));
}

async function rules(text: string, overrides: Partial<WeatherParseOptions> = {}) {
  const parsed = await parse(text, overrides);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.text);
  assert.equal(parsed.value.kind, 'track');
  return parsed.value.kind === 'track' ? parsed.value.rules.map((r) => [r.condition, r.cell, r.template, r.clean]) : [];
}

async function refusal(text: string): Promise<string> {
  const parsed = await parse(text);
  assert.equal(parsed.ok, false, `"${text}" should be refused`);
  return parsed.ok ? '' : fill(parsed.error.text, parsed.error.vars);
}

test('condition names, aliases and the user’s language; everything = condition 0', async () => {
  assert.deepEqual(await rules('rain'), [[2, '', 1, 0]]);
  assert.deepEqual(await rules('sunny fog partly_cloudy'), [[1, '', 1, 0], [3, '', 1, 0], [7, '', 1, 0]]);
  assert.deepEqual(await rules('Regen', { language: 'de' }), [[2, '', 1, 0]]);
  assert.deepEqual(await rules('everything'), [[0, '', 1, 0]]);
});

test('the place: cell:, here, d: (the home cell) and d: location: (the saved location’s cell)', async () => {
  assert.deepEqual(await rules('rain cell:5170709059331571712'), [[2, '5170709059331571712', 1, 0]]);
  assert.deepEqual(await rules('rain here'), [[2, weatherCellId(51.28, 1.08), 1, 0]]);
  assert.deepEqual(await rules('rain d:500'), [[2, weatherCellId(51.28, 1.08), 1, 0]]);
  assert.deepEqual(await rules('rain d:500 location:home'), [[2, weatherCellId(48.1, 11.5), 1, 0]]);
});

test('template<N> and clean; the default template comes from [general] default_template_name', async () => {
  assert.deepEqual(await rules('snow template3 clean'), [[6, '', 3, 1]]);
  assert.deepEqual(await rules('snow', { defaultTemplate: '4' }), [[6, '', 4, 0]]);
});

test('remove by condition, everything, cell and id:', async () => {
  assert.deepEqual(await parse('remove rain'), { ok: true, value: { kind: 'remove', conditions: [2], cell: null, uids: [] } });
  assert.deepEqual(await parse('remove everything'), { ok: true, value: { kind: 'remove', conditions: null, cell: null, uids: [] } });
  assert.deepEqual(await parse('remove rain cell:12'), { ok: true, value: { kind: 'remove', conditions: [2], cell: '12', uids: [] } });
  assert.deepEqual(await parse('remove id:7 id:8'), { ok: true, value: { kind: 'remove', conditions: [], cell: null, uids: [7, 8] } });
});

test('refusals: unknown words, nothing named, bad cell/template/id, the rule errors', async () => {
  assert.match(await refusal('drizzle'), /Unknown weather condition: drizzle/);
  assert.match(await refusal(''), /Name a weather condition/);
  assert.match(await refusal('remove'), /Name the weather to stop tracking/);
  assert.match(await refusal('rain cell:abc'), /S2 cell id/);
  assert.match(await refusal('rain templatex'), /numeric template/);
  assert.match(await refusal('rain id:3'), /remove id/);
  assert.match(await refusal('rain d:500 area:downtown'), /mutually exclusive/);
  assert.match(await refusal('rain location:home'), /location: requires d:/);
  assert.match(await refusal('rain d:500 location:cabin'), /Unknown location/);
  assert.match(await refusal('rain area:nowhere'), /Unknown area: nowhere/);
  assert.match(await refusal('rain area:downtown'), /cannot be limited to areas/);
  assert.match(await refusal('rain here cell:12'), /not several/);
  const noHome = await parse('rain here', { home: { latitude: 0, longitude: 0 } });
  assert.ok(!noHome.ok && /not set a location/.test(fill(noHome.error.text, noHome.error.vars)));
});
