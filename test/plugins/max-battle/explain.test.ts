/**
 * "Why didn't I get this alert?" for max battle rules (issue 24): every reason code with its words, FIRES for a rule
 * that matches, and the property the issue asks for — over seeded random rules, humans and battles, explain says a
 * rule of a human fires exactly when `match` picks that human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import type { Human } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreement, AgreementTally, randomHuman, randomLocations, randomPoint, randomReach, verdictOf, type StoredRule } from '../../helpers/explain-agreement-rules.ts';
import { human } from '../../helpers/humans.ts';
import { buildMaxBattlePlugin, fixtureGameData, matchContext, maxBattleHook, maxBattleRow, maxBattleSnapshot, parsedBattle, type MaxBattlePlugin } from './support.ts';

const ASH = human('ash', { area: ['park'] });

function said(v: RuleVerdict): { code: string; text: string; values?: unknown } {
  return v.values ? { code: v.code, text: v.text, values: v.values } : { code: v.code, text: v.text };
}

describe('max battle explain: each reason in words', () => {
  let plugin: MaxBattlePlugin;
  let data: GameData;
  before(async () => {
    plugin = await buildMaxBattlePlugin();
    data = await fixtureGameData();
  });

  function explain(rule: Record<string, unknown>, hook: Record<string, unknown> = {}, who: Human = ASH, areas = ['park']): RuleVerdict {
    const row = maxBattleRow(who.id, rule);
    const snapshot = maxBattleSnapshot(plugin, [who], [row]);
    return verdictOf(plugin, snapshot, parsedBattle(plugin, maxBattleHook(hook)), matchContext(areas), { table: 'maxbattle', row }, who);
  }

  test('a rule that matches would fire', () => {
    assert.deepEqual(said(explain({})), { code: 'fires', text: 'would fire' });
    assert.equal(explain({ pokemon_id: 9000, level: 90 }).fires, true);
  });

  test('level of a rule by level', () => {
    assert.deepEqual(said(explain({ pokemon_id: 9000, level: 5 })), {
      code: 'level',
      text: 'the rule is for level {rule} battles, the battle is level {event}',
      values: { rule: 5, event: 3 },
    });
  });

  test('species and form', () => {
    assert.deepEqual(said(explain({ pokemon_id: 131 })), { code: 'species', text: 'the rule is for {rule}, the battle boss is {event}', values: { rule: 'Lapras', event: 'Snorlax' } });
    assert.deepEqual(explain({ pokemon_id: 131 }, { battle_pokemon_id: 0 }).values, { rule: 'Lapras', event: 'an unknown boss' });
    const form = explain({ form: 55 });
    assert.equal(form.code, 'form');
    assert.equal(form.text, 'the rule is for the form {rule}, the battle boss is {event}');
  });

  test('gmax, move, evolution, station', () => {
    assert.deepEqual(said(explain({ gmax: 1 })), { code: 'gmax', text: 'the rule asks for Gigantamax battles, and this one is not' });
    assert.deepEqual(said(explain({ move: 13 })), {
      code: 'move',
      text: 'the rule asks for the move {rule}, the boss has {event}',
      values: { rule: data.moveName(13), event: `${data.moveName(221)}, ${data.moveName(14)}` },
    });
    assert.deepEqual(said(explain({ evolution: 1 })), {
      code: 'evolution',
      text: 'the rule asks for {rule}, and max battle bosses have no temporary evolution',
      values: { rule: data.tempEvolutionName(1) },
    });
    assert.deepEqual(said(explain({ station_id: 'zzz.16' })), {
      code: 'station',
      text: 'the rule is for the power spot {rule}, the battle is at {event} ({id})',
      values: { rule: 'zzz.16', event: 'Rathausbrunnen', id: 'a1b2c3d4e5f6.16' },
    });
  });

  test('reach: too far, outside the rule areas (the core words)', () => {
    assert.equal(explain({ distance: 500 }, {}, human('ash', { latitude: 48.3, longitude: 11.6 })).code, 'too_far');
    assert.equal(explain({ override_areas: '["riverside"]' }).code, 'outside_rule_areas');
  });

  test('other_kind: a rule of another table', () => {
    const verdict = plugin.explainRule!(parsedBattle(plugin, maxBattleHook()), { table: 'raid', rule: {}, human: ASH, locations: undefined }, matchContext());
    assert.equal(verdict.code, 'other_kind');
  });

  test('eventIds: the station id', () => {
    assert.deepEqual(plugin.eventIds!(parsedBattle(plugin, maxBattleHook())), ['a1b2c3d4e5f6.16']);
  });
});

// ---- the property: explain fires ⇔ match picks the human ----

const BOSSES = [143, 131, 25] as const;
const STATIONS = ['s1.16', 's2.16', 's3.16'] as const;

function randomRow(r: Random, humanId: string): StoredRule {
  const byLevel = r.chance(0.4);
  return {
    table: 'maxbattle',
    row: maxBattleRow(humanId, {
      pokemon_id: byLevel ? 9000 : r.pick(BOSSES),
      level: byLevel ? r.pick([1, 3, 5, 90, 9000]) : r.pick([90, 1]),
      form: !byLevel && r.chance(0.2) ? r.pick([0, 55]) : 0,
      gmax: r.chance(0.2) ? 1 : 0,
      move: r.chance(0.2) ? r.pick([221, 14, 13]) : 9000,
      evolution: r.chance(0.1) ? r.pick([0, 1]) : 9000,
      station_id: r.chance(0.2) ? r.pick([...STATIONS, '']) : null,
      ...randomReach(r),
    }),
  };
}

function randomHook(r: Random): Record<string, unknown> {
  const at = randomPoint(r);
  return maxBattleHook({
    id: r.pick(STATIONS),
    latitude: at.latitude,
    longitude: at.longitude,
    battle_level: r.pick([1, 3, 5]),
    battle_pokemon_id: r.chance(0.1) ? 0 : r.pick(BOSSES),
    battle_pokemon_form: r.pick([0, 55]),
    battle_pokemon_bread_mode: r.pick([1, 2]),
    battle_pokemon_move_1: r.pick([221, 13]),
    battle_pokemon_move_2: r.pick([14, 0]),
  });
}

describe('max battle explain agrees with match (seeded random rules, humans and battles)', () => {
  test('explain fires exactly for the humans match picks', async () => {
    const plugin = await buildMaxBattlePlugin();
    const r = seededRandom(100);
    const tally = new AgreementTally();
    for (let population = 0; population < 10; population++) {
      const humans = Array.from({ length: 8 }, (_, i) => randomHuman(r, `h${population}-${i}`, ['maxbattle']));
      const locations = humans.flatMap((h) => randomLocations(r, h.id));
      const rules = humans.flatMap((h) => Array.from({ length: r.int(0, 5) }, () => randomRow(r, h.id)));
      const snapshot = maxBattleSnapshot(plugin, humans, rules.map((x) => x.row), locations);
      for (let i = 0; i < 30; i++) {
        const event = parsedBattle(plugin, randomHook(r));
        const areas = ['old town', 'riverside', 'harbour'].filter(() => r.chance(0.5));
        const result = agreement(plugin, snapshot, event, matchContext(areas), humans, rules, `population ${population} battle ${i}`);
        tally.add(result);
      }
    }
    const expected = ['fires', 'level', 'species', 'form', 'gmax', 'move', 'evolution', 'station', 'too_far', 'outside_areas'];
    assert.deepEqual(tally.problems(expected), []);
  });
});
