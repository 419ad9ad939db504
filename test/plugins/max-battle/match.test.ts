/**
 * Max battle matching, table-driven over each column and sentinel of `maxbattle` (pokemon_id 9000 + level /
 * level 90, form 0, gmax, move 9000, evolution 9000, station_id) and the rule modes, one alert per human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { MaxBattleIndex } from '../../../plugins/max-battle/rule.ts';
import { human } from '../../helpers/humans.ts';
import { buildMaxBattlePlugin, matchContext, maxBattleHook, maxBattleRow, maxBattleSnapshot, parsedBattle, type MaxBattlePlugin } from './support.ts';

describe('max battle match', () => {
  let plugin: MaxBattlePlugin;
  before(async () => (plugin = await buildMaxBattlePlugin()));

  function matched(rule: Record<string, unknown>, hook: Record<string, unknown> = {}, areas = ['Park']) {
    const snapshot = maxBattleSnapshot(plugin, [human('u1', { area: ['park'] })], [maxBattleRow('u1', rule)]);
    return plugin.match(parsedBattle(plugin, maxBattleHook(hook)), snapshot, snapshot.index<MaxBattleIndex>('max-battle'), matchContext(areas));
  }

  const cases: { name: string; rule: Record<string, unknown>; hook?: Record<string, unknown>; expect: boolean }[] = [
    { name: 'the boss', rule: {}, expect: true },
    { name: 'another boss', rule: { pokemon_id: 131 }, expect: false },
    { name: 'a boss rule ignores its level column', rule: { level: 1 }, expect: true },
    { name: 'form 0 = any form', rule: { form: 0 }, hook: { battle_pokemon_form: 55 }, expect: true },
    { name: 'the same form', rule: { form: 55 }, hook: { battle_pokemon_form: 55 }, expect: true },
    { name: 'another form', rule: { form: 55 }, expect: false },
    { name: 'by level: that level', rule: { pokemon_id: 9000, level: 3 }, expect: true },
    { name: 'by level: another level', rule: { pokemon_id: 9000, level: 5 }, expect: false },
    { name: 'by level: 90 = every level', rule: { pokemon_id: 9000, level: 90 }, hook: { battle_level: 6 }, expect: true },
    { name: 'by level: 9000 is not every level', rule: { pokemon_id: 9000, level: 9000 }, expect: false },
    { name: 'gmax rule, dynamax battle', rule: { gmax: 1 }, expect: false },
    { name: 'gmax rule, gigantamax battle', rule: { gmax: 1 }, hook: { battle_pokemon_bread_mode: 2 }, expect: true },
    { name: 'gmax 0 takes gigantamax too', rule: { gmax: 0 }, hook: { battle_pokemon_bread_mode: 2 }, expect: true },
    { name: 'move 9000 = any', rule: { move: 9000 }, expect: true },
    { name: 'the fast move', rule: { move: 221 }, expect: true },
    { name: 'the charged move', rule: { move: 14 }, expect: true },
    { name: 'another move', rule: { move: 13 }, expect: false },
    { name: 'evolution 9000 = any', rule: { evolution: 9000 }, expect: true },
    { name: 'a mega evolution never battles here', rule: { evolution: 1 }, expect: false },
    { name: 'station_id NULL = any', rule: { station_id: null }, expect: true },
    { name: 'station_id empty = any', rule: { station_id: '' }, expect: true },
    { name: 'this station', rule: { station_id: 'a1b2c3d4e5f6.16' }, expect: true },
    { name: 'another station', rule: { station_id: 'zzz.16' }, expect: false },
    { name: 'area override elsewhere', rule: { override_areas: '["riverside"]' }, expect: false },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const matches = matched(c.rule, c.hook);
      assert.equal(matches.length, c.expect ? 1 : 0);
      if (c.expect) assert.deepEqual([matches[0]!.alertType, matches[0]!.table], ['maxbattle', 'maxbattle']);
    });
  }

  test('outside the human\'s areas nothing matches', () => {
    assert.equal(matched({}, {}, ['Elsewhere']).length, 0);
  });

  test('distance from the human and from a saved location; one alert per human', () => {
    const near = human('near', { latitude: 48.138, longitude: 11.5755 });
    const far = human('far', { latitude: 48.3, longitude: 11.6 });
    const saved = human('saved', { latitude: 10, longitude: 10 });
    const rows = [
      maxBattleRow('near', { distance: 500, template: '2' }),
      maxBattleRow('near', { pokemon_id: 9000, level: 3, distance: 500 }),
      maxBattleRow('far', { distance: 500 }),
      maxBattleRow('saved', { distance: 300, override_location_label: 'work' }),
    ];
    const locations = [{ uid: 1, humanId: 'saved', label: 'Work', latitude: 48.1376, longitude: 11.5757 }];
    const snapshot = maxBattleSnapshot(plugin, [near, far, saved], rows, locations);
    const matches = plugin.match(parsedBattle(plugin, maxBattleHook()), snapshot, snapshot.index<MaxBattleIndex>('max-battle'), matchContext([]));
    assert.deepEqual(matches.map((m) => m.human.id).sort(), ['near', 'saved']);
    assert.equal(matches.find((m) => m.human.id === 'near')!.templateId, '2');
  });
});
