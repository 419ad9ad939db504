/**
 * "Why didn't I get this alert?" for monster rules: explainRule names the first check a rule fails in words, and —
 * the promise — for seeded random rules, humans and events it says FIRES for some rule of a human exactly
 * when the matcher (index, gates, reach partition and all) matches that human, and the rule the matcher chose fires.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { ExplainedRule } from '../../../core/contract.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import type { MonsterIndex } from '../../../plugins/monster/rule-index.ts';
import { readMonsterRule } from '../../../plugins/monster/rule.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, matchContext, monsterRow, NOW_S, parsed, pokemonHook, snapshotWith, unencounteredHook, type MonsterPlugin } from './support.ts';

const OLD_TOWN = { latitude: 48.1365, longitude: 11.572 };

function explained(row: TrackingRow, who: Human, locations?: ReadonlyMap<string, NamedLocation>): ExplainedRule {
  return { table: 'monsters', rule: readMonsterRule(row), human: who, locations };
}

describe('monster explain: the words of each check', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));
  const why = (row: TrackingRow, hook: Record<string, unknown>, who = human('u1', { area: ['old town'] }), areas = ['old town'], locations?: ReadonlyMap<string, NamedLocation>) =>
    plugin.explainRule!(parsed(plugin, hook), explained(row, who, locations), matchContext(areas));

  test('a rule that matches fires; each failing filter is named with its values', () => {
    assert.equal(why(monsterRow('u1', { min_iv: 90 }), pokemonHook()).code, 'fires');
    const iv = why(monsterRow('u1', { min_iv: 95 }), pokemonHook());
    assert.deepEqual([iv.code, iv.text, iv.values], ['iv', 'IV {value} below the minimum {min}', { value: 93.33, min: 95 }]);
    assert.deepEqual(why(monsterRow('u1', { max_cp: 400 }), pokemonHook()).values, { value: 500, max: 400 });
    assert.equal(why(monsterRow('u1', { min_level: 25 }), pokemonHook()).code, 'level');
    assert.equal(why(monsterRow('u1', { pokemon_id: 26 }), pokemonHook()).code, 'species');
    assert.match(why(monsterRow('u1', { pokemon_id: 26 }), pokemonHook()).values!['rule'] as string, /Raichu/);
    assert.equal(why(monsterRow('u1', { form: 598 }), pokemonHook()).code, 'form');
    assert.equal(why(monsterRow('u1', { gender: 2 }), pokemonHook()).code, 'gender');
    assert.equal(why(monsterRow('u1', { min_iv: 0 }), unencounteredHook()).code, 'no_encounter');
    assert.equal(why(monsterRow('u1', { size: 5 }), pokemonHook()).code, 'size');
    assert.equal(why(monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 10 }), pokemonHook()).code, 'pvp_rank');
  });

  test('time left: the rule\'s own minimum, and [general] alert_minimum_time for everyone', () => {
    const soon = pokemonHook({ disappear_time: NOW_S + 200 });
    const own = why(monsterRow('u1', { min_time: 300 }), soon);
    assert.deepEqual([own.code, own.values], ['rule_time_left', { left: 200, min: 300 }]);
    const global = why(monsterRow('u1'), pokemonHook({ disappear_time: NOW_S + 30 }));
    assert.equal(global.code, 'time_left');
  });

  test('reach: outside the areas, beyond the distance, no location, a saved location gone, blocked PVP', () => {
    const outside = why(monsterRow('u1'), pokemonHook(), human('u1', { area: ['riverside'] }), ['old town']);
    assert.deepEqual([outside.code, outside.values], ['outside_areas', { event: 'old town', areas: 'riverside' }]);
    assert.equal(why(monsterRow('u1'), pokemonHook(), human('u1', { area: [] })).code, 'no_areas_set');
    assert.equal(why(monsterRow('u1', { override_areas: '["riverside"]' }), pokemonHook()).code, 'outside_rule_areas');
    assert.equal(why(monsterRow('u1'), pokemonHook(), human('u1', { area: ['old town'] }), []).code, 'no_areas');
    const far = why(monsterRow('u1', { distance: 1000 }), pokemonHook(OLD_TOWN), human('u1', { latitude: OLD_TOWN.latitude + 0.0270, longitude: OLD_TOWN.longitude }));
    assert.equal(far.code, 'too_far');
    assert.equal(far.values!['distance'], '1 km');
    assert.match(String(far.values!['away']), /^3(\.\d+)? km$/);
    assert.equal(why(monsterRow('u1', { distance: 1000 }), pokemonHook(OLD_TOWN), human('u1', { latitude: 0, longitude: 0 })).code, 'no_location');
    assert.equal(why(monsterRow('u1', { distance: 1000, override_location_label: 'home' }), pokemonHook(OLD_TOWN), human('u1')).code, 'no_saved_location');
    const blocked = why(monsterRow('u1', { pvp_ranking_league: 1500, pvp_ranking_worst: 100 }), pokemonHook({ pvp: { great: [{ pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.98, rank: 3 }] } }), human('u1', { area: ['old town'], blockedAlerts: ['pvp'] }));
    assert.equal(blocked.code, 'blocked_kind');
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('monster explain agrees with the matcher', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('for seeded random rules, humans and events: some rule fires ⇔ the matcher matches the human, and its rule fires', () => {
    const random = seeded(20261127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const chance = (p: number) => random() < p;
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const SPECIES = [0, 25, 26, 19, 150];
    const AREAS = [['old town'], ['riverside'], ['old town', 'riverside'], []];
    const near = (spread: number) => ({ latitude: OLD_TOWN.latitude + (random() - 0.5) * spread, longitude: OLD_TOWN.longitude + (random() - 0.5) * spread });

    const humans: Human[] = [];
    const locations: NamedLocation[] = [];
    const rows: TrackingRow[] = [];
    for (let h = 0; h < 80; h++) {
      const id = `h${h}`;
      const at = chance(0.8) ? near(0.06) : { latitude: 0, longitude: 0 };
      humans.push(human(id, { area: pick(AREAS), ...at, blockedAlerts: chance(0.25) ? ['pvp'] : null }));
      if (chance(0.3)) locations.push({ uid: h + 1, humanId: id, label: 'park', ...near(0.06) });
      // half the humans have one rule, so each rule's verdict is checked on its own, not only the human's answer
      for (let r = h % 2 === 0 ? 1 : int(2, 4); r > 0; r--) {
        const minIv = pick([-1, 0, 50, 80, 90, 100]);
        rows.push(
          monsterRow(id, {
            pokemon_id: pick(SPECIES),
            form: chance(0.1) ? pick([0, 598]) : 0,
            min_iv: minIv,
            max_iv: pick([100, 100, 95]),
            min_cp: pick([0, 0, 400, 600]),
            max_cp: pick([9000, 9000, 550]),
            min_level: pick([0, 0, 20, 25]),
            gender: pick([0, 0, 1, 2]),
            size: pick([-1, -1, 3]),
            min_time: pick([0, 0, 0, 300, 1200]),
            distance: chance(0.4) ? pick([200, 1000, 3000, 100_000]) : 0,
            override_location_label: chance(0.15) ? pick(['park', 'gone']) : '',
            override_areas: chance(0.15) ? JSON.stringify(pick([['old town'], ['riverside']])) : null,
            pvp_ranking_league: chance(0.35) ? pick([500, 1500, 1500, 2500]) : 0,
            pvp_ranking_worst: pick([5, 50, 4096]),
          }),
        );
      }
    }
    const snapshot: Snapshot = snapshotWith(plugin, humans, rows, locations);
    const index = snapshot.index<MonsterIndex>('monster');
    const locationsOf = (id: string) => snapshot.locations.get(id);
    const rowsOf = new Map<string, TrackingRow[]>();
    for (const row of rows) rowsOf.set(row.id, [...(rowsOf.get(row.id) ?? []), row]);

    let matchedTotal = 0;
    for (let e = 0; e < 300; e++) {
      const at = near(0.08);
      const encountered = chance(0.8);
      const base = {
        encounter_id: `e${e}`,
        pokemon_id: pick([25, 26, 19, 150]),
        form: chance(0.1) ? 598 : 0,
        gender: pick([1, 2]),
        ...at,
        disappear_time: NOW_S + pick([30, 200, 900, 1800]),
      };
      const hook = encountered
        ? pokemonHook({
            ...base,
            individual_attack: int(0, 15),
            individual_defense: int(0, 15),
            individual_stamina: int(0, 15),
            cp: int(10, 2500),
            pokemon_level: int(1, 35),
            size: int(1, 5),
            pvp: chance(0.5) ? { great: [{ pokemon: pick([25, 26]), cap: 50, capped: true, level: 20, cp: int(1420, 1500), percentage: 0.9, rank: int(1, 60) }] } : undefined,
          })
        : unencounteredHook(base);
      const areas = at.latitude > OLD_TOWN.latitude ? ['old town'] : chance(0.5) ? ['riverside'] : [];
      const event = parsed(plugin, hook);
      const ctx = matchContext(areas);
      const matches = plugin.match(event, snapshot, index, ctx);
      matchedTotal += matches.length;
      const matchedRule = new Map(matches.map((m) => [m.human.id, m.ruleUid]));
      for (const who of humans) {
        const verdicts = (rowsOf.get(who.id) ?? []).map((row) => ({ uid: row.uid, verdict: plugin.explainRule!(event, explained(row, who, locationsOf(who.id)), ctx) }));
        const fires = verdicts.some((v) => v.verdict.fires);
        const chosen = matchedRule.get(who.id);
        assert.equal(fires, chosen !== undefined, `event ${e} (${JSON.stringify(hook)}), human ${who.id}: explain ${fires ? 'fires' : 'does not fire'} but the matcher ${chosen === undefined ? 'did not match' : 'matched'}; ${JSON.stringify(verdicts)}`);
        if (chosen !== undefined) assert.ok(verdicts.find((v) => v.uid === chosen)!.verdict.fires, `event ${e}: the matcher chose rule ${chosen} of ${who.id}, which explain says does not fire`);
      }
    }
    assert.ok(matchedTotal > 50, `the random population matched only ${matchedTotal} times: the test would prove little`);
  });
});
