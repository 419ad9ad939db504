/**
 * "Why didn't I get this alert?" for nest rules (issue 24): every reason code with its words, FIRES for a rule that
 * matches, and the property the issue asks for — over seeded random rules, humans and nest reports, explain says a
 * rule of a human fires exactly when `match` picks that human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { Human } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreement, AgreementTally, randomHuman, randomLocations, randomPoint, randomReach, verdictOf, type StoredRule } from '../../helpers/explain-agreement-rules.ts';
import { human } from '../../helpers/humans.ts';
import { buildNestPlugin, matchContext, nestHook, nestRow, nestSnapshot, parsedNest, type NestPlugin } from './support.ts';

const ASH = human('ash', { area: ['park'] });

function said(v: RuleVerdict): { code: string; text: string; values?: unknown } {
  return v.values ? { code: v.code, text: v.text, values: v.values } : { code: v.code, text: v.text };
}

describe('nest explain: each reason in words', () => {
  let plugin: NestPlugin;
  before(async () => (plugin = await buildNestPlugin()));

  function explain(rule: Record<string, unknown>, hook: Record<string, unknown> = {}, who: Human = ASH, areas = ['park']): RuleVerdict {
    const row = nestRow(who.id, rule);
    const snapshot = nestSnapshot(plugin, [who], [row]);
    return verdictOf(plugin, snapshot, parsedNest(plugin, nestHook(hook)), matchContext(areas), { table: 'nests', row }, who);
  }

  test('a rule that matches would fire', () => {
    assert.deepEqual(said(explain({})), { code: 'fires', text: 'would fire' });
    assert.equal(explain({ pokemon_id: 0, min_spawn_avg: 14 }).fires, true);
  });

  test('species, form and the least spawns per hour', () => {
    assert.deepEqual(said(explain({ pokemon_id: 143 })), { code: 'species', text: 'the rule is for {rule}, the nest is of {event}', values: { rule: 'Snorlax', event: 'Pikachu' } });
    const form = explain({ form: 598 });
    assert.equal(form.code, 'form');
    assert.equal(form.text, 'the rule is for the form {rule}, the nest is of {event}');
    assert.deepEqual(said(explain({ min_spawn_avg: 15 })), {
      code: 'spawn_avg',
      text: "{avg} spawns per hour on average, below the rule's minimum {min}",
      values: { avg: 14.64, min: 15 },
    });
  });

  test('reach: distance without a location, outside the areas (the core words)', () => {
    assert.equal(explain({ distance: 500 }).code, 'no_location');
    assert.equal(explain({}, {}, ASH, ['riverside']).code, 'outside_areas');
  });

  test('other_kind: a rule of another table', () => {
    const verdict = plugin.explainRule!(parsedNest(plugin, nestHook()), { table: 'raid', rule: {}, human: ASH, locations: undefined }, matchContext());
    assert.equal(verdict.code, 'other_kind');
  });

  test('eventIds: the nest id', () => {
    assert.deepEqual(plugin.eventIds!(parsedNest(plugin, nestHook())), ['4711']);
  });
});

// ---- the property: explain fires ⇔ match picks the human ----

const SPECIES = [25, 143, 1] as const;

function randomRow(r: Random, humanId: string): StoredRule {
  return {
    table: 'nests',
    row: nestRow(humanId, {
      pokemon_id: r.chance(0.3) ? 0 : r.pick(SPECIES),
      form: r.chance(0.2) ? r.pick([0, 598]) : 0,
      min_spawn_avg: r.chance(0.5) ? 0 : r.int(1, 20),
      ...randomReach(r),
    }),
  };
}

function randomHook(r: Random, i: number): Record<string, unknown> {
  const at = randomPoint(r);
  return nestHook({ nest_id: 4700 + i, lat: at.latitude, lon: at.longitude, pokemon_id: r.pick(SPECIES), form: r.pick([0, 598]), pokemon_avg: Math.round(r.next() * 2000) / 100 });
}

describe('nest explain agrees with match (seeded random rules, humans and nests)', () => {
  test('explain fires exactly for the humans match picks', async () => {
    const plugin = await buildNestPlugin();
    const r = seededRandom(4711);
    const tally = new AgreementTally();
    for (let population = 0; population < 10; population++) {
      const humans = Array.from({ length: 8 }, (_, i) => randomHuman(r, `h${population}-${i}`, ['nest']));
      const locations = humans.flatMap((h) => randomLocations(r, h.id));
      const rules = humans.flatMap((h) => Array.from({ length: r.int(0, 4) }, () => randomRow(r, h.id)));
      const snapshot = nestSnapshot(plugin, humans, rules.map((x) => x.row), locations);
      for (let i = 0; i < 30; i++) {
        const event = parsedNest(plugin, randomHook(r, i));
        const areas = ['old town', 'riverside', 'harbour'].filter(() => r.chance(0.5));
        const result = agreement(plugin, snapshot, event, matchContext(areas), humans, rules, `population ${population} nest ${i}`);
        tally.add(result);
      }
    }
    const expected = ['fires', 'species', 'form', 'spawn_avg', 'too_far', 'outside_areas', 'no_saved_location'];
    assert.deepEqual(tally.problems(expected), []);
  });
});
