/**
 * "Why didn't I get this alert?" for gym rules (issue 24): every reason code with its words, FIRES for a rule that
 * matches, and the property the issue asks for — over seeded random rules, humans and gym updates, explain says a
 * rule of a human fires exactly when `match` picks that human.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { Human } from '../../../core/model.ts';
import type { GymEvent } from '../../../plugins/gym/event.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreement, AgreementTally, randomHuman, randomLocations, randomPoint, randomReach, verdictOf, type StoredRule } from '../../helpers/explain-agreement-rules.ts';
import { human } from '../../helpers/humans.ts';
import { buildGym, gymHook, gymRow, matchContext, receive, snapshotWith, type BuiltGym } from './support.ts';

const built: BuiltGym[] = [];
after(() => built.forEach((g) => g.cleanup()));

async function gymWith(config: Record<string, unknown> = {}): Promise<BuiltGym> {
  const gym = await buildGym(config);
  built.push(gym);
  return gym;
}

const ASH = human('ash', { area: ['downtown'] });

interface Asked {
  readonly row?: Record<string, unknown>;
  /** the second webhook (the first sets valor, 3 slots, not in battle); none: the first sighting is explained */
  readonly then?: Record<string, unknown> | null;
  readonly who?: Human;
  readonly areas?: readonly string[];
  readonly config?: Record<string, unknown>;
}

async function explain(a: Asked): Promise<RuleVerdict> {
  const gym = await gymWith(a.config);
  const who = a.who ?? ASH;
  const row = gymRow(who.id, a.row);
  const snapshot = snapshotWith(gym, [who], [row]);
  let event = receive(gym, gymHook());
  if (a.then !== null) event = receive(gym, gymHook(a.then ?? { team: 1 }));
  return verdictOf(gym.plugin, snapshot, event, matchContext(a.areas ?? ['downtown']), { table: 'gym', row }, who);
}

function said(v: RuleVerdict): { code: string; text: string; values?: unknown } {
  return v.values ? { code: v.code, text: v.text, values: v.values } : { code: v.code, text: v.text };
}

describe('gym explain: each reason in words', () => {
  test('a rule that matches would fire; so does one for this gym, whatever the areas', async () => {
    assert.deepEqual(said(await explain({})), { code: 'fires', text: 'would fire' });
    assert.equal((await explain({ row: { gym_id: 'gym-1.16', distance: 5 }, areas: [] })).fires, true);
  });

  test('first_seen: nothing to compare', async () => {
    assert.deepEqual(said(await explain({ then: null })), {
      code: 'first_seen',
      text: 'the gym {gym} was seen for the first time, so nothing could have changed',
      values: { gym: 'Fountain Square' },
    });
  });

  test('team and gym', async () => {
    assert.deepEqual(said(await explain({ row: { team: 3 } })), {
      code: 'team',
      text: 'the rule asks for gyms of {rule}, the gym is now {event}',
      values: { rule: 'Instinct', event: 'Mystic' },
    });
    assert.deepEqual(said(await explain({ row: { gym_id: 'gym-2.16' } })), {
      code: 'gym',
      text: 'the rule is for the gym {rule}, the update is for {event} ({id})',
      values: { rule: 'gym-2.16', event: 'Fountain Square', id: 'gym-1.16' },
    });
  });

  test('no_change: the team stayed, and what else the rule follows did not change', async () => {
    assert.deepEqual(said(await explain({ then: { slots_available: 2 } })), {
      code: 'no_change',
      text: 'the team stayed {team}, and the rule alerts only on team changes',
      values: { team: 'Valor' },
    });
    assert.deepEqual(said(await explain({ row: { slot_changes: 1, battle_changes: 1 }, then: {} })), {
      code: 'no_change',
      text: 'the team stayed {team}; the rule also follows {what}, which did not change',
      values: { team: 'Valor', what: 'free slots and battles' },
    });
  });

  test('battles_off: a battle, with [tracking] enable_gym_battle off', async () => {
    assert.deepEqual(said(await explain({ row: { battle_changes: 1 }, then: { in_battle: true } })), {
      code: 'battles_off',
      text: 'the gym went into battle, but battle alerts are off ([tracking] enable_gym_battle)',
    });
    assert.equal((await explain({ row: { battle_changes: 1 }, then: { in_battle: true }, config: { tracking: { enable_gym_battle: true } } })).fires, true);
  });

  test('blocked_kind: a rule for a specific gym of a human who blocked specificgym', async () => {
    const blocker = human('ash', { area: ['downtown'], blockedAlerts: ['specificgym'] });
    assert.deepEqual(said(await explain({ row: { gym_id: 'gym-1.16' }, who: blocker })), { code: 'blocked_kind', text: 'you blocked {kind} alerts', values: { kind: 'specificgym' } });
  });

  test('reach: too far, outside the areas (the core words)', async () => {
    assert.equal((await explain({ row: { distance: 100 }, then: { team: 1, latitude: 48.2 }, who: human('ash', { latitude: 48.1365, longitude: 11.572 }) })).code, 'too_far');
    assert.equal((await explain({ areas: ['uptown'] })).code, 'outside_areas');
  });

  test('other_kind: a rule of another table', async () => {
    const gym = await gymWith();
    const event = receive(gym, gymHook());
    const verdict = gym.plugin.explainRule!(event, { table: 'raid', rule: {}, human: ASH, locations: undefined }, matchContext());
    assert.equal(verdict.code, 'other_kind');
  });
});

// ---- the property: explain fires ⇔ match picks the human ----

const GYMS = ['gym-1.16', 'gym-2.16', 'gym-3.16'] as const;

function randomRow(r: Random, humanId: string): StoredRule {
  return {
    table: 'gym',
    row: gymRow(humanId, {
      team: r.chance(0.5) ? 4 : r.int(0, 3),
      slot_changes: r.int(0, 1),
      battle_changes: r.int(0, 1),
      gym_id: r.chance(0.2) ? r.pick(GYMS) : null,
      ...randomReach(r),
    }),
  };
}

describe('gym explain agrees with match (seeded random rules, humans and updates)', () => {
  for (const battles of [false, true]) {
    test(`explain fires exactly for the humans match picks (enable_gym_battle ${battles})`, async () => {
      const gym = await gymWith({ tracking: { enable_gym_battle: battles } });
      const r = seededRandom(battles ? 7 : 70);
      const places = new Map(GYMS.map((id) => [id, randomPoint(r)] as const));
      const tally = new AgreementTally();
      for (let population = 0; population < 10; population++) {
        const humans = Array.from({ length: 8 }, (_, i) => randomHuman(r, `h${population}-${i}`, ['specificgym', 'gym']));
        const locations = humans.flatMap((h) => randomLocations(r, h.id));
        const rules = humans.flatMap((h) => Array.from({ length: r.int(0, 4) }, () => randomRow(r, h.id)));
        const snapshot = snapshotWith(gym, humans, rules.map((x) => x.row), locations);
        const stream: { event: GymEvent; areas: string[] }[] = [];
        for (let i = 0; i < 30; i++) {
          const id = r.pick(GYMS);
          const hook = gymHook({ id, ...places.get(id), team: r.int(0, 3), slots_available: r.int(0, 6), in_battle: r.chance(0.3) });
          stream.push({ event: receive(gym, hook), areas: ['old town', 'riverside', 'harbour'].filter(() => r.chance(0.5)) });
        }
        // explained after the whole stream: the gym states moved on, the events keep their changes
        for (const [i, { event, areas }] of stream.entries()) {
          const result = agreement(gym.plugin, snapshot, event, matchContext(areas), humans, rules, `population ${population} update ${i}`);
          tally.add(result);
        }
      }
      const expected = ['fires', 'first_seen', 'team', 'gym', 'no_change', battles ? 'fires' : 'battles_off', 'too_far', 'outside_areas'];
      assert.deepEqual(tally.problems(expected), []);
    });
  }
});
