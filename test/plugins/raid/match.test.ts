/**
 * Raid and egg matching, table-driven over every column and its sentinel (db-schema §2.5/2.6): boss and form,
 * level and level 90, team 4, exclusive, move / evolution / costume 9000, gym_id (bypasses reach, blocked as
 * `specificgym`), rsvp_changes 0/1/2, the rule modes, [general] alert_minimum_time and ignore_long_raids, one
 * alert per human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { TrackingRow } from '../../../core/model.ts';
import type { RaidIndex } from '../../../plugins/raid/rule-index.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, eggHook, eggRow, matchContext, matchedUids, NOW_S, parsed, raidHook, raidRow, snapshotWith, type RaidPlugin } from './support.ts';

const HUMANS = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((id) => human(id, { area: ['old town'] }));

interface Case {
  readonly name: string;
  readonly rule: Record<string, unknown>;
  readonly hook?: Record<string, unknown>;
  readonly matches: boolean;
}

const RAID_CASES: readonly Case[] = [
  { name: 'by level (pokemon_id 9000), same level', rule: {}, matches: true },
  { name: 'by level, other level', rule: { level: 6 }, matches: false },
  { name: 'level 90 = every level', rule: { level: 90 }, matches: true },
  { name: 'the boss, level ignored (9000)', rule: { pokemon_id: 150, level: 9000 }, matches: true },
  { name: 'another boss', rule: { pokemon_id: 382, level: 9000 }, matches: false },
  { name: 'form 0 = any form', rule: { pokemon_id: 150, level: 9000, form: 0 }, hook: { form: 135 }, matches: true },
  { name: 'the form asked for', rule: { pokemon_id: 150, level: 9000, form: 135 }, hook: { form: 135 }, matches: true },
  { name: 'another form', rule: { pokemon_id: 150, level: 9000, form: 136 }, hook: { form: 135 }, matches: false },
  { name: 'team 4 = any team', rule: { team: 4 }, matches: true },
  { name: 'the gym team', rule: { team: 2 }, matches: true },
  { name: 'another team', rule: { team: 1 }, matches: false },
  { name: 'team 0 = uncontested', rule: { team: 0 }, hook: { team_id: 0 }, matches: true },
  { name: 'exclusive at an EX gym', rule: { exclusive: 1 }, matches: true },
  { name: 'exclusive elsewhere', rule: { exclusive: 1 }, hook: { ex_raid_eligible: 0 }, matches: false },
  { name: 'exclusive NULL = any gym', rule: { exclusive: null }, hook: { ex_raid_eligible: 0 }, matches: true },
  { name: 'move 9000 = any', rule: { move: 9000 }, matches: true },
  { name: 'first move', rule: { move: 221 }, matches: true },
  { name: 'second move', rule: { move: 14 }, matches: true },
  { name: 'a move it does not have', rule: { move: 13 }, matches: false },
  { name: 'evolution 9000 = any', rule: { evolution: 9000 }, hook: { evolution: 1 }, matches: true },
  { name: 'the mega asked for', rule: { evolution: 1 }, hook: { evolution: 1 }, matches: true },
  { name: 'not a mega', rule: { evolution: 1 }, matches: false },
  { name: 'costume 9000 = any', rule: { costume: 9000 }, hook: { costume: 5 }, matches: true },
  { name: 'another costume', rule: { costume: 4 }, hook: { costume: 5 }, matches: false },
  { name: 'rsvp_changes 2 without RSVPs', rule: { rsvp_changes: 2 }, matches: false },
  { name: 'rsvp_changes 2 with RSVPs', rule: { rsvp_changes: 2 }, hook: { gym_id: 'rsvp.16', rsvps: [{ timeslot: 1, going_count: 1, maybe_count: 0 }] }, matches: true },
  { name: 'the gym asked for', rule: { gym_id: 'a1b2c3d4.16' }, matches: true },
  { name: 'another gym', rule: { gym_id: 'ffff.16' }, matches: false },
];

const EGG_CASES: readonly Case[] = [
  { name: 'same level', rule: {}, matches: true },
  { name: 'other level', rule: { level: 1 }, matches: false },
  { name: 'level 90', rule: { level: 90 }, matches: true },
  { name: 'team', rule: { team: 2 }, matches: true },
  { name: 'other team', rule: { team: 3 }, matches: false },
  { name: 'exclusive at an EX gym', rule: { exclusive: 1 }, matches: true },
  { name: 'exclusive elsewhere', rule: { exclusive: 1 }, hook: { ex_raid_eligible: 0 }, matches: false },
  { name: 'the gym asked for', rule: { gym_id: 'a1b2c3d4.16' }, matches: true },
  { name: 'another gym', rule: { gym_id: 'b.16' }, matches: false },
  { name: 'rsvp only, none', rule: { rsvp_changes: 2 }, matches: false },
];

describe('raid match: columns and sentinels', () => {
  let plugin: RaidPlugin;
  before(async () => (plugin = await buildPlugin()));

  for (const c of RAID_CASES) {
    test(`raid: ${c.name}`, () => {
      const rule = raidRow('u1', c.rule);
      const snapshot = snapshotWith(plugin, HUMANS, [rule]);
      assert.deepEqual(matchedUids(plugin, snapshot, raidHook(c.hook)), c.matches ? [rule.uid] : []);
    });
  }

  for (const c of EGG_CASES) {
    test(`egg: ${c.name}`, () => {
      const rule = eggRow('u1', c.rule);
      const snapshot = snapshotWith(plugin, HUMANS, [], [rule]);
      assert.deepEqual(matchedUids(plugin, snapshot, eggHook(c.hook)), c.matches ? [rule.uid] : []);
    });
  }

  test('an egg matches only egg rules and a raid only raid rules', () => {
    const raid = raidRow('u1');
    const egg = eggRow('u2');
    const snapshot = snapshotWith(plugin, HUMANS, [raid], [egg]);
    assert.deepEqual(matchedUids(plugin, snapshot, raidHook()), [raid.uid]);
    assert.deepEqual(matchedUids(plugin, snapshot, eggHook()), [egg.uid]);
    const event = parsed(plugin, eggHook());
    const [m] = plugin.match(event, snapshot, snapshot.index<RaidIndex>(plugin.name), matchContext(['old town']));
    assert.deepEqual([m?.table, m?.alertType], ['egg', 'egg']);
  });
});

describe('raid match: where, when, who', () => {
  let plugin: RaidPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('rule modes: areas, area override, distance from the human, distance from a saved location', () => {
    const humans = [
      human('area', { area: ['old town'] }),
      human('elsewhere', { area: ['riverside'] }),
      human('override', { area: ['riverside'] }),
      human('near', { latitude: 48.137, longitude: 11.572 }),
      human('far', { latitude: 48.2, longitude: 11.572 }),
      human('saved', { latitude: 10, longitude: 10 }),
    ];
    const rows: TrackingRow[] = [
      raidRow('area'),
      raidRow('elsewhere'),
      raidRow('override', { override_areas: '["old town"]' }),
      raidRow('near', { distance: 100 }),
      raidRow('far', { distance: 1000 }),
      raidRow('saved', { distance: 200, override_location_label: 'Gym' }),
    ];
    const locations = [{ humanId: 'saved', label: 'gym', latitude: 48.1366, longitude: 11.572 }];
    const snapshot = snapshotWith(plugin, humans, rows, [], locations as never);
    const uids = matchedUids(plugin, snapshot, raidHook());
    assert.deepEqual(uids.sort(), [rows[0]!.uid, rows[2]!.uid, rows[3]!.uid, rows[5]!.uid].sort());
  });

  test('a specific gym bypasses distance and areas and is blocked as specificgym', () => {
    const nowhere = human('u1', { area: [] });
    const rule = raidRow('u1', { gym_id: 'a1b2c3d4.16', distance: 10 });
    const snapshot = snapshotWith(plugin, [nowhere], [rule]);
    const event = parsed(plugin, raidHook());
    const matches = plugin.match(event, snapshot, snapshot.index<RaidIndex>(plugin.name), matchContext([]));
    assert.deepEqual(matches.map((m) => [m.ruleUid, m.blockKind]), [[rule.uid, 'specificgym']]);
  });

  test('a specific gym rule blocked as specificgym does not hide another rule of the same human', () => {
    const blocker = human('u1', { area: ['old town'], blockedAlerts: ['specificgym'] });
    const atGym = raidRow('u1', { gym_id: 'a1b2c3d4.16' });
    const byLevel = raidRow('u1');
    const snapshot = snapshotWith(plugin, [blocker], [atGym, byLevel]);
    assert.deepEqual(matchedUids(plugin, snapshot, raidHook()), [byLevel.uid]);
    assert.deepEqual(matchedUids(plugin, snapshotWith(plugin, [blocker], [atGym]), raidHook()), []);
  });

  test('several rules of one human send one alert', () => {
    const a = raidRow('u1');
    const b = raidRow('u1', { pokemon_id: 150, level: 9000 });
    const c = raidRow('u2', { level: 90 });
    assert.deepEqual(matchedUids(plugin, snapshotWith(plugin, HUMANS, [a, b, c]), raidHook()).length, 2);
  });

  test('[general] alert_minimum_time: nothing close to the end (raid) or the hatch (egg)', () => {
    const snapshot = snapshotWith(plugin, HUMANS, [raidRow('u1')], [eggRow('u1')]);
    assert.deepEqual(matchedUids(plugin, snapshot, raidHook({ end: NOW_S + 100 })), []);
    assert.deepEqual(matchedUids(plugin, snapshot, eggHook({ start: NOW_S + 100 })), []);
    assert.equal(matchedUids(plugin, snapshot, raidHook({ end: NOW_S + 130 })).length, 1);
  });

  test('[general] ignore_long_raids ignores raids lasting over 47 minutes', async () => {
    const long = raidHook({ start: NOW_S - 1800, end: NOW_S + 1200 }); // 50 minutes
    const rule = raidRow('u1');
    const off = await buildPlugin();
    assert.deepEqual(matchedUids(off, snapshotWith(off, HUMANS, [rule]), long), [rule.uid]);
    const on = await buildPlugin({ general: { ignore_long_raids: true } });
    assert.deepEqual(matchedUids(on, snapshotWith(on, HUMANS, [rule]), long), []);
    assert.deepEqual(matchedUids(on, snapshotWith(on, HUMANS, [rule]), raidHook()), [rule.uid], '45 minutes is fine');
  });

  test('rsvp_changes: an RSVP update of an announced raid reaches only rules 1 and 2', async () => {
    const fresh = await buildPlugin();
    const first = raidRow('u1', { rsvp_changes: 0 });
    const also = raidRow('u2', { rsvp_changes: 1 });
    const only = raidRow('u3', { rsvp_changes: 2 });
    const snapshot = snapshotWith(fresh, HUMANS, [first, also, only]);
    assert.deepEqual(matchedUids(fresh, snapshot, raidHook()).sort(), [first.uid, also.uid].sort());
    const update = raidHook({ rsvps: [{ timeslot: 1800001000000, going_count: 4, maybe_count: 2 }] });
    assert.deepEqual(matchedUids(fresh, snapshot, update).sort(), [also.uid, only.uid].sort());
    // the egg of another gym is news, not an update
    assert.deepEqual(matchedUids(fresh, snapshot, raidHook({ gym_id: 'other.16' })).sort(), [first.uid, also.uid].sort());
  });
});
