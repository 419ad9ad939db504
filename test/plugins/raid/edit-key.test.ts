/**
 * What raid and lure alerts are about (AlertPlugin.editKey): an egg and the boss hatching from it share the key of
 * their gym and end, remembered until the raid ends; an RSVP update (observed after its raid) asks for the compact
 * `raidRsvp` template as a follow-up; another raid at the gym, or the same gym with another end, is another thing.
 * A lure keeps its key when its expiry is revised.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlugin as buildLure, parsed as parsedLure, stopHook } from '../lure/support.ts';
import { buildPlugin, eggHook, hookContext, parsed, raidHook, NOW_S } from './support.ts';

describe('editKey', () => {
  test('an egg and its boss share the key of gym and end, until the raid ends', async () => {
    const plugin = await buildPlugin();
    const times = { start: NOW_S + 600, end: NOW_S + 3300 };
    const egg = plugin.editKey!(parsed(plugin, eggHook(times)));
    const boss = plugin.editKey!(parsed(plugin, raidHook(times)));
    assert.deepEqual(egg, { key: `raid:a1b2c3d4.16:${NOW_S + 3300}`, until: (NOW_S + 3300) * 1000 });
    assert.deepEqual(boss, egg);
    assert.notEqual(plugin.editKey!(parsed(plugin, raidHook({ ...times, end: NOW_S + 3400 })))!.key, egg!.key, 'another end: another raid');
    assert.notEqual(plugin.editKey!(parsed(plugin, raidHook({ ...times, gym_id: 'other.16' })))!.key, egg!.key, 'another gym');
    assert.ok(plugin.alertTypes.includes('raidRsvp'));
  });

  test('an RSVP update of an announced raid follows up as raidRsvp; the first sighting does not', async () => {
    const plugin = await buildPlugin();
    const raid = parsed(plugin, raidHook());
    plugin.observe!(raid, hookContext());
    assert.equal(plugin.editKey!(raid)!.followUpAlertType, undefined);
    const update = parsed(plugin, raidHook({ rsvps: [{ timeslot: (NOW_S + 600) * 1000, going_count: 2, maybe_count: 0 }] }));
    plugin.observe!(update, hookContext());
    assert.equal(plugin.editKey!(update)!.followUpAlertType, 'raidRsvp');
    assert.equal(plugin.editKey!(update)!.key, plugin.editKey!(raid)!.key);
  });

  test('a lure keeps its key when its expiry is revised; the key lasts until the new expiry', async () => {
    const plugin = await buildLure();
    const first = plugin.editKey!(parsedLure(plugin, stopHook({ lure_expiration: NOW_S + 1800 })));
    const revised = plugin.editKey!(parsedLure(plugin, stopHook({ lure_expiration: NOW_S + 3600 })));
    assert.equal(first!.key, revised!.key);
    assert.equal(revised!.until, (NOW_S + 3600) * 1000);
  });
});
