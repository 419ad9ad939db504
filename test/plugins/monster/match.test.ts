import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { MonsterIndex } from '../../../plugins/monster/rule-index.ts';
import type { MonsterMatch } from '../../../plugins/monster/match.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, matchContext, matchedUids, monsterRow, NOW_S, parsed, pokemonHook, snapshotWith, unencounteredHook, type MonsterPlugin } from './support.ts';

const inArea = (id: string, extra = {}) => human(id, { area: ['old town'], ...extra });
const PVP_GREAT = { great: [{ pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.98, rank: 3 }] };

describe('monster match: filters', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));

  function uidsFor(rows: ReturnType<typeof monsterRow>[], hook: Record<string, unknown>, areas = ['Old Town']): number[] {
    const snapshot = snapshotWith(plugin, [inArea('u1'), inArea('u2'), inArea('u3'), inArea('u4'), inArea('u5'), inArea('u6')], rows);
    return matchedUids(plugin, snapshot, hook, areas);
  }

  test('species and form: 0 means every species / any form', () => {
    const any = monsterRow('u1', { pokemon_id: 0 });
    const pika = monsterRow('u2');
    const otherForm = monsterRow('u3', { form: 598 });
    const other = monsterRow('u4', { pokemon_id: 26 });
    assert.deepEqual(uidsFor([any, pika, otherForm, other], pokemonHook()).sort(), [any.uid, pika.uid].sort());
  });

  test('IV, CP, level, attack/defence/stamina, weight, gender and size ranges', () => {
    const hook = pokemonHook(); // 15/14/13 = 93.33 %, cp 500, level 20, 6.5 kg, male, size M
    const pass = [
      monsterRow('u1', { min_iv: 90, max_iv: 100 }),
      monsterRow('u2', { min_cp: 500, max_cp: 500, min_level: 20, max_level: 20 }),
      monsterRow('u3', { atk: 15, def: 14, sta: 13, max_sta: 13, min_weight: 6500, max_weight: 6500, gender: 1, size: 3, max_size: 3 }),
    ];
    const fail = [
      monsterRow('u4', { min_iv: 94 }),
      monsterRow('u4', { max_cp: 499 }),
      monsterRow('u4', { min_level: 21 }),
      monsterRow('u4', { sta: 14 }),
      monsterRow('u4', { max_atk: 14 }),
      monsterRow('u4', { min_weight: 6501 }),
      monsterRow('u4', { gender: 2 }),
      monsterRow('u4', { size: 4 }),
      monsterRow('u4', { max_size: 2 }),
    ];
    assert.deepEqual(uidsFor([...pass, ...fail], hook).sort(), pass.map((r) => r.uid).sort());
  });

  test('a match carries the human of the snapshot it was matched in; a rule of a human no longer there matches nobody', () => {
    const rows = [monsterRow('u1'), monsterRow('u2')];
    const snapshot = snapshotWith(plugin, [inArea('u1'), inArea('u2')], rows);
    const matches = plugin.match(parsed(plugin, pokemonHook()), snapshot, snapshot.index<MonsterIndex>('monster'), matchContext(['old town']));
    assert.deepEqual(matches.map((m) => m.human.id).sort(), ['u1', 'u2']);
    for (const m of matches) assert.equal(m.human, snapshot.humans.get(m.human.id));
    const withoutU2 = snapshotWith(plugin, [inArea('u1')], rows);
    assert.deepEqual(plugin.match(parsed(plugin, pokemonHook()), withoutU2, withoutU2.index<MonsterIndex>('monster'), matchContext(['old town'])).map((m) => m.human.id), ['u1']);
  });

  test('unencountered pokemon only match rules that do not need encounter stats', () => {
    const plain = monsterRow('u1');
    const needsIv = monsterRow('u2', { min_iv: 0 });
    const needsCp = monsterRow('u3', { min_cp: 10 });
    const pvp = monsterRow('u4', { pvp_ranking_league: 1500, pvp_ranking_worst: 10 });
    const zeroAttack = monsterRow('u5', { max_atk: 0 });
    assert.deepEqual(uidsFor([plain, needsIv, needsCp, pvp, zeroAttack], unencounteredHook()), [plain.uid]);
  });

  test('min_time and [general] alert_minimum_time', () => {
    const t5 = monsterRow('u1', { min_time: 300 });
    const t30 = monsterRow('u2', { min_time: 1800 });
    assert.deepEqual(uidsFor([t5, t30], pokemonHook({ disappear_time: NOW_S + 600 })), [t5.uid]);
    // 100 s left is below the default alert_minimum_time of 120 s: nothing at all
    assert.deepEqual(uidsFor([monsterRow('u3')], pokemonHook({ disappear_time: NOW_S + 100 })), []);
    // unknown despawn time: only rules without a minimum time
    assert.deepEqual(uidsFor([t5, monsterRow('u3', { uid: 77 })], pokemonHook({ disappear_time: 0 })), [77]);
  });

  test('PVP: league, best/worst rank, min CP, cap, and the [pvp] filter bounds', () => {
    const hook = pokemonHook({ pvp: PVP_GREAT });
    const pass = [
      monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 5 }),
      monsterRow('u2', { pvp_ranking_league: 1500, pvp_ranking_best: 3, pvp_ranking_worst: 3, pvp_ranking_min_cp: 1490, pvp_ranking_cap: 50 }),
      monsterRow('u3', { pvp_ranking_league: 1500, pvp_ranking_worst: 10, pvp_ranking_cap: 51 }), // capped at 50 → counts for 51
    ];
    const fail = [
      monsterRow('u4', { pvp_ranking_league: 1500, pvp_ranking_worst: 2 }),
      monsterRow('u4', { pvp_ranking_league: 2500, pvp_ranking_worst: 100 }),
      monsterRow('u4', { pvp_ranking_league: 1500, pvp_ranking_worst: 10, pvp_ranking_min_cp: 1497 }),
      monsterRow('u4', { pvp_ranking_league: 1500, pvp_ranking_worst: 10, pvp_ranking_cap: 40 }),
    ];
    assert.deepEqual(uidsFor([...pass, ...fail], hook).sort(), pass.map((r) => r.uid).sort());
    // rank 3 at 1400 CP is below [pvp] filter_great_min_cp (1400 is the default bound, 1399 is not)
    const low = pokemonHook({ pvp: { great: [{ ...PVP_GREAT.great[0], cp: 1399 }] } });
    assert.deepEqual(uidsFor([monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 5 })], low), []);
  });

  test('blocked_alerts: pvp blocks only PVP rules of that human', async () => {
    const pvpRule = monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 5 });
    const plainRule = monsterRow('u1');
    const snapshot = snapshotWith(plugin, [inArea('u1', { blockedAlerts: ['pvp'] })], [pvpRule, plainRule]);
    assert.deepEqual(matchedUids(plugin, snapshot, pokemonHook({ pvp: PVP_GREAT }), ['old town']), [plainRule.uid]);
  });

  test('evolution_direct_tracking: a rule for the evolution matches the ranked pre-evolution', async () => {
    const direct = await buildPlugin({ pvp: { evolution_direct_tracking: true } });
    const raichuRule = monsterRow('u1', { pokemon_id: 26, pvp_ranking_league: 1500, pvp_ranking_worst: 5 });
    const snapshot = snapshotWith(direct, [inArea('u1')], [raichuRule]);
    assert.deepEqual(matchedUids(direct, snapshot, pokemonHook({ pvp: PVP_GREAT }), ['old town']), [raichuRule.uid]);
    const plainSnapshot = snapshotWith(plugin, [inArea('u1')], [raichuRule]);
    assert.deepEqual(matchedUids(plugin, plainSnapshot, pokemonHook({ pvp: PVP_GREAT }), ['old town']), []);
  });

  test('one alert per human; userHasPvpTracks when any of their matched rules was a PVP rule', () => {
    const plainRule = monsterRow('u1');
    const pvpRule = monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 5, template: '2' });
    const snapshot = snapshotWith(plugin, [inArea('u1')], [plainRule, pvpRule]);
    const event = parsed(plugin, pokemonHook({ pvp: PVP_GREAT }));
    const matches = plugin.match(event, snapshot, snapshot.index<MonsterIndex>('monster'), matchContext(['old town'])) as MonsterMatch[];
    assert.equal(matches.length, 1);
    assert.equal(matches[0]!.ruleUid, plainRule.uid);
    assert.equal(matches[0]!.userHasPvpTracks, true);
    assert.equal(matches[0]!.alertType, 'monster');
    assert.equal(matches[0]!.templateId, null);
    const noIv = plugin.match(parsed(plugin, unencounteredHook()), snapshot, snapshot.index<MonsterIndex>('monster'), matchContext(['old town']));
    assert.equal(noIv[0]?.alertType, 'monsterNoIv');
  });
});

describe('monster match: rule modes', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));
  // the event is at 48.1365, 11.572
  const near = { latitude: 48.137, longitude: 11.573 }; // ~90 m away
  const far = { latitude: 48.2, longitude: 11.7 };

  test('d: distance from the human location; 0,0 location never matches distance rules', () => {
    const within = monsterRow('u1', { distance: 200 });
    const tooFar = monsterRow('u2', { distance: 200 });
    const unset = monsterRow('u3', { distance: 5000 });
    const snapshot = snapshotWith(plugin, [human('u1', near), human('u2', far), human('u3')], [within, tooFar, unset]);
    const event = parsed(plugin, pokemonHook());
    const matches = plugin.match(event, snapshot, snapshot.index<MonsterIndex>('monster'), matchContext([]));
    assert.deepEqual(matches.map((m) => m.ruleUid), [within.uid]);
    assert.ok(matches[0]!.distanceM! > 50 && matches[0]!.distanceM! < 150);
    assert.deepEqual(matches[0]!.origin, near);
  });

  test('d: + location:<label> measures from the saved location (case-insensitive); a missing label matches nothing', () => {
    const saved = monsterRow('u1', { distance: 200, override_location_label: 'Work' });
    const missing = monsterRow('u2', { distance: 200, override_location_label: 'gone' });
    const snapshot = snapshotWith(plugin, [human('u1', far), human('u2', near)], [saved, missing], [
      { uid: 1, humanId: 'u1', label: 'work', ...near },
    ]);
    const event = parsed(plugin, pokemonHook());
    const matches = plugin.match(event, snapshot, snapshot.index<MonsterIndex>('monster'), matchContext([]));
    assert.deepEqual(matches.map((m) => m.ruleUid), [saved.uid]);
    assert.deepEqual(matches[0]!.origin, near);
  });

  test('area: override replaces the human areas; without it the human areas count', () => {
    const ownAreas = monsterRow('u1');
    const override = monsterRow('u2', { override_areas: '["Riverside"]' });
    const overrideMiss = monsterRow('u3', { override_areas: '["old town"]' });
    const snapshot = snapshotWith(plugin, [human('u1', { area: ['riverside'] }), human('u2'), human('u3', { area: ['riverside'] })], [ownAreas, override, overrideMiss]);
    assert.deepEqual(matchedUids(plugin, snapshot, pokemonHook(), ['Riverside']).sort(), [ownAreas.uid, override.uid].sort());
    assert.deepEqual(matchedUids(plugin, snapshot, pokemonHook(), []), []);
  });

  test('only active humans and their current profile', () => {
    const active = monsterRow('u1');
    const disabled = monsterRow('u2');
    const adminDisabled = monsterRow('u3');
    const otherProfile = monsterRow('u4', { profile_no: 2 });
    const snapshot = snapshotWith(
      plugin,
      [inArea('u1'), inArea('u2', { enabled: false }), inArea('u3', { adminDisable: true }), inArea('u4')],
      [active, disabled, adminDisabled, otherProfile],
    );
    assert.deepEqual(matchedUids(plugin, snapshot, pokemonHook(), ['old town']), [active.uid]);
  });
});
