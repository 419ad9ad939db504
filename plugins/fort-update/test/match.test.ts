/**
 * Fort-update matching, table-driven over each column and sentinel: fort_type (`everything` = any),
 * include_empty, change_types (`[]` = any; an edit of an empty fort counts as `new`), and the rule modes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FortIndex } from '../rule.ts';
import { human } from '../../../test/helpers/humans.ts';
import { buildFort, fortHook, fortRow, fortSide, matchContext, parsed, snapshotWith } from './support.ts';

const plugin = await buildFort();
const ash = human('ash', { area: ['downtown'], latitude: 48.1365, longitude: 11.572 });
const EMPTY = { name: null, description: null };

interface Case {
  readonly name: string;
  readonly row: Record<string, unknown>;
  readonly hook: Record<string, unknown>;
  readonly fires: boolean;
  readonly areas?: readonly string[];
}

const CASES: readonly Case[] = [
  { name: 'everything, any change', row: {}, hook: {}, fires: true },
  { name: 'pokestop rule, stop edited', row: { fort_type: 'pokestop' }, hook: {}, fires: true },
  { name: 'gym rule, stop edited', row: { fort_type: 'gym' }, hook: {}, fires: false },
  { name: 'gym rule, gym removed', row: { fort_type: 'gym' }, hook: { change_type: 'removal', new: null, old: fortSide({ type: 'gym' }) }, fires: true },
  { name: 'name changes, name edited', row: { change_types: '["name"]' }, hook: {}, fires: true },
  { name: 'description changes, name edited', row: { change_types: '["description"]' }, hook: {}, fires: false },
  { name: 'photo changes, image edited', row: { change_types: '["image_url"]' }, hook: { edit_types: ['image_url', 'description'] }, fires: true },
  { name: 'location changes, location edited', row: { change_types: '["location"]' }, hook: { edit_types: ['location'] }, fires: true },
  { name: 'new, a new fort', row: { change_types: '["new"]' }, hook: { change_type: 'new', old: null, edit_types: null }, fires: true },
  { name: 'new, an edit of a fort that was empty', row: { change_types: '["new"]' }, hook: { old: fortSide(EMPTY) }, fires: true },
  { name: 'new, an edit of a named fort', row: { change_types: '["new"]' }, hook: {}, fires: false },
  { name: 'removal, a removal', row: { change_types: '["removal"]' }, hook: { change_type: 'removal', new: null }, fires: true },
  { name: 'include_empty 0, empty fort', row: { include_empty: 0 }, hook: { change_type: 'new', old: null, new: fortSide(EMPTY) }, fires: false },
  { name: 'include_empty 1, empty fort', row: { include_empty: 1 }, hook: { change_type: 'new', old: null, new: fortSide(EMPTY) }, fires: true },
  { name: 'include_empty 0, named fort', row: { include_empty: 0 }, hook: {}, fires: true },
  { name: 'unreadable change_types = any', row: { change_types: 'oops' }, hook: {}, fires: true },
  { name: 'outside the areas', row: {}, hook: {}, fires: false, areas: ['uptown'] },
  { name: 'area override', row: { override_areas: '["uptown"]' }, hook: {}, fires: true, areas: ['uptown'] },
  { name: 'distance within', row: { distance: 50 }, hook: {}, fires: true, areas: [] },
  { name: 'distance too far', row: { distance: 50 }, hook: { new: fortSide({ location: { lat: 48.2, lon: 11.572 } }) }, fires: false, areas: [] },
];

for (const c of CASES) {
  test(c.name, () => {
    const rule = fortRow('ash', c.row);
    const snapshot = snapshotWith(plugin, [ash], [rule]);
    const event = parsed(plugin, fortHook(c.hook));
    const matched = plugin.match(event, snapshot, snapshot.index<FortIndex>('fort-update'), matchContext(c.areas ?? ['downtown']));
    assert.deepEqual(matched.map((m) => m.ruleUid), c.fires ? [rule.uid] : []);
  });
}

test('one alert per human, rendered as fort-update, never cleaned', () => {
  const rows = [fortRow('ash', { template: '3' }), fortRow('ash')];
  const snapshot = snapshotWith(plugin, [ash], rows);
  const matched = plugin.match(parsed(plugin, fortHook()), snapshot, snapshot.index<FortIndex>('fort-update'), matchContext(['downtown']));
  assert.equal(matched.length, 1);
  assert.deepEqual([matched[0]!.alertType, matched[0]!.table, matched[0]!.templateId, matched[0]!.clean], ['fort-update', 'forts', '3', 0]);
});
