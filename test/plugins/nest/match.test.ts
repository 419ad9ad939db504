/**
 * Nest matching, table-driven over each column and sentinel of `nests` (pokemon_id 0, form 0, min_spawn_avg)
 * and the rule modes (areas, area override, distance, saved location), one alert per human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { NestIndex } from '../../../plugins/nest/rule.ts';
import { human } from '../../helpers/humans.ts';
import { buildNestPlugin, matchContext, nestHook, nestRow, nestSnapshot, parsedNest, type NestPlugin } from './support.ts';

describe('nest match', () => {
  let plugin: NestPlugin;
  before(async () => (plugin = await buildNestPlugin()));

  function matched(rowsFor: (id: string) => Record<string, unknown>[], hook = nestHook(), areas = ['Park']) {
    const humans = [human('u1', { area: ['park'] })];
    const rows = rowsFor('u1').map((r) => nestRow('u1', r));
    const snapshot = nestSnapshot(plugin, humans, rows);
    const event = parsedNest(plugin, hook);
    return plugin.match(event, snapshot, snapshot.index<NestIndex>('nest'), matchContext(areas));
  }

  const cases: { name: string; rule: Record<string, unknown>; hook?: Record<string, unknown>; expect: boolean }[] = [
    { name: 'the nesting pokemon', rule: {}, expect: true },
    { name: 'another pokemon', rule: { pokemon_id: 1 }, expect: false },
    { name: 'pokemon_id 0 = any nesting species', rule: { pokemon_id: 0 }, hook: { pokemon_id: 143 }, expect: true },
    { name: 'form 0 = any form', rule: { form: 0 }, hook: { form: 598 }, expect: true },
    { name: 'the same form', rule: { form: 598 }, hook: { form: 598 }, expect: true },
    { name: 'another form', rule: { form: 598 }, expect: false },
    { name: 'min_spawn_avg met', rule: { min_spawn_avg: 14 }, expect: true },
    { name: 'min_spawn_avg equal', rule: { min_spawn_avg: 10 }, hook: { pokemon_avg: 10 }, expect: true },
    { name: 'min_spawn_avg not met', rule: { min_spawn_avg: 15 }, expect: false },
    { name: 'area override elsewhere', rule: { override_areas: '["riverside"]' }, expect: false },
    { name: 'area override here', rule: { override_areas: '["park"]' }, expect: true },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const matches = matched(() => [c.rule], nestHook(c.hook ?? {}));
      assert.equal(matches.length, c.expect ? 1 : 0);
      if (c.expect) assert.deepEqual([matches[0]!.alertType, matches[0]!.table], ['nest', 'nests']);
    });
  }

  test('outside the human\'s areas nothing matches', () => {
    assert.equal(matched(() => [{}], nestHook(), ['Elsewhere']).length, 0);
  });

  test('distance from the human and from a saved location', () => {
    const near = human('near', { latitude: 48.1650, longitude: 11.6056 });
    const far = human('far', { latitude: 48.3, longitude: 11.6 });
    const saved = human('saved', { latitude: 10, longitude: 10 });
    const rows = [
      nestRow('near', { distance: 500 }),
      nestRow('far', { distance: 500 }),
      nestRow('saved', { distance: 500, override_location_label: 'garden' }),
    ];
    const locations = [{ uid: 1, humanId: 'saved', label: 'Garden', latitude: 48.164, longitude: 11.605 }];
    const snapshot = nestSnapshot(plugin, [near, far, saved], rows, locations);
    const matches = plugin.match(parsedNest(plugin, nestHook()), snapshot, snapshot.index<NestIndex>('nest'), matchContext([]));
    assert.deepEqual(matches.map((m) => m.human.id).sort(), ['near', 'saved']);
    assert.ok(matches.every((m) => typeof m.distanceM === 'number' && m.distanceM < 500));
  });

  test('several rules of one human: one alert, with the rule\'s template, ping and clean', () => {
    const matches = matched(() => [{ pokemon_id: 0, template: '2', ping: '<@1>', clean: 1 }, {}]);
    assert.equal(matches.length, 1);
    assert.deepEqual([matches[0]!.templateId, matches[0]!.ping, matches[0]!.clean], ['2', '<@1>', 1]);
  });
});
