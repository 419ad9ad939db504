/**
 * Fort-update: the previous generations' names hold what their variables hold, the old and new sides in the
 * webhook's shape, the map framing both spots and the map site links.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FORT_ALIASES } from '../variables.ts';
import { assertAliases, fullView } from '../../../test/helpers/alias-views.ts';
import { buildFort, fortHook, fortSide, hookContext } from './support.ts';

describe('fort-update: the previous generations names', () => {
  test('every alias of every test sample holds its variable, in two languages', async () => {
    const plugin = await buildFort();
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      for (const language of ['en', 'de']) assertAliases(await fullView(plugin, webhook, hookContext(), { language }), FORT_ALIASES, `${name} ${language}: `);
    }
  });

  test('a moved photo edit: the flags, both sides, the change types and the framing', async () => {
    const plugin = await buildFort();
    const hook = fortHook({ edit_types: ['image_url', 'location'], old: fortSide({ image_url: 'https://example.invalid/old.jpg', location: { lat: 48.1365, lon: 11.572 } }), new: fortSide({ location: { lat: 48.1385, lon: 11.575 } }) });
    const view = await fullView(plugin, hook, hookContext());
    assert.equal(view.isEditImageUrl, true);
    assert.equal(view.oldImgUrl, 'https://example.invalid/old.jpg');
    assert.equal(view.newImgUrl, 'https://example.invalid/bench.jpg');
    assert.deepEqual(view.changeTypes, ['image_url', 'location', 'edit']);
    assert.deepEqual(view.edit_types, ['image_url', 'location']);
    assert.equal(view.change_type, 'edit');
    assert.deepEqual((view.old as { location: unknown }).location, { lat: 48.1365, lon: 11.572 });
    assert.equal((view.new as { name: string }).name, 'Painted Bench');
    assert.ok(Math.abs(Number(view.map_latitude) - 48.1375) < 1e-9);
    assert.ok(Number(view.zoom) > 12 && Number(view.zoom) <= 16, String(view.zoom));
    for (const name of ['isEditImageUrl', 'oldImgUrl', 'changeTypes', 'zoom', 'old', 'new']) assert.ok(plugin.templateVariables!['fort-update']!.includes(name), name);
  });

  test('a new fort: no old side, no edit types', async () => {
    const plugin = await buildFort();
    const view = await fullView(plugin, fortHook({ change_type: 'new', edit_types: null, old: null }), hookContext());
    assert.equal(view.old, '');
    assert.equal(view.edit_types, null);
    assert.deepEqual(view.changeTypes, ['new']);
  });

  test('the fort on the configured map sites, by its kind', async () => {
    const plugin = await buildFort({ config: { general: { react_map_url: 'https://map.example/' } } });
    const stop = await fullView(plugin, fortHook(), hookContext());
    assert.equal(stop.reactMapUrl, 'https://map.example/id/pokestops/fort-1.16');
    const gym = await fullView(plugin, fortHook({ old: fortSide({ type: 'gym' }), new: fortSide({ type: 'gym' }) }), hookContext());
    assert.equal(gym.reactMapUrl, 'https://map.example/id/gyms/fort-1.16');
  });
});
