/**
 * "Why didn't I get this alert?" for raid and egg rules (issue 24): every reason code with its words, FIRES for a
 * rule that matches, the RSVP facts kept with the event, and the property the issue asks for — over seeded random
 * rules, humans and events, explain says a rule of a human fires exactly when `match` picks that human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Human, NamedLocation, TrackingRow } from '../../../core/model.ts';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import type { RaidEvent } from '../../../plugins/raid/event.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreement, AgreementTally, randomHuman, randomLocations, randomPoint, randomReach, verdictOf, type StoredRule } from '../../helpers/explain-agreement-rules.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, eggHook, fixtureGameData, eggRow, hookContext, matchContext, NOW_S, parsed, raidHook, raidRow, snapshotWith, type RaidPlugin } from './support.ts';

const ASH = human('ash', { area: ['old town'] });

interface Asked {
  readonly table?: 'raid' | 'egg';
  readonly row?: Record<string, unknown>;
  readonly hook?: Record<string, unknown>;
  readonly who?: Human;
  readonly areas?: readonly string[];
  readonly locations?: readonly NamedLocation[];
}

/** observes the event (as the pipeline does), then explains the one rule */
function explain(plugin: RaidPlugin, a: Asked): RuleVerdict {
  const table = a.table ?? 'raid';
  const who = a.who ?? ASH;
  const row = table === 'raid' ? raidRow(who.id, a.row) : eggRow(who.id, a.row);
  const snapshot = table === 'raid' ? snapshotWith(plugin, [who], [row], [], a.locations) : snapshotWith(plugin, [who], [], [row], a.locations);
  const event = parsed(plugin, a.hook ?? (table === 'raid' ? raidHook() : eggHook()));
  plugin.observe?.(event, hookContext());
  return verdictOf(plugin, snapshot, event, matchContext(a.areas ?? ['old town']), { table, row }, who);
}

function said(v: RuleVerdict): { code: string; text: string; values?: unknown } {
  return v.values ? { code: v.code, text: v.text, values: v.values } : { code: v.code, text: v.text };
}

describe('raid explain: each reason in words', () => {
  let plugin: RaidPlugin;
  let data: GameData;
  before(async () => {
    plugin = await buildPlugin();
    data = await fixtureGameData();
  });

  test('a rule that matches would fire; so does one for this gym, whatever the areas', () => {
    assert.deepEqual(said(explain(plugin, {})), { code: 'fires', text: 'would fire' });
    assert.equal(explain(plugin, { row: { gym_id: 'a1b2c3d4.16', distance: 10 }, areas: [] }).fires, true);
    assert.equal(explain(plugin, { table: 'egg' }).fires, true);
  });

  test('other_kind: a raid rule for an egg, an egg rule for a boss', () => {
    const egg = verdictOf(plugin, snapshotWith(plugin, [ASH], []), parsed(plugin, eggHook()), matchContext(['old town']), { table: 'raid', row: raidRow('ash') }, ASH);
    assert.deepEqual(said(egg), { code: 'other_kind', text: 'the rule is for raid bosses, and the event is an egg (egg rules answer for eggs)' });
    const boss = verdictOf(plugin, snapshotWith(plugin, [ASH], []), parsed(plugin, raidHook()), matchContext(['old town']), { table: 'egg', row: eggRow('ash') }, ASH);
    assert.deepEqual(said(boss), { code: 'other_kind', text: 'the rule is for eggs, and the event is a raid boss (raid rules answer for bosses)' });
  });

  test('long_raid: [general] ignore_long_raids', async () => {
    const on = await buildPlugin({ general: { ignore_long_raids: true } });
    assert.deepEqual(said(explain(on, { hook: raidHook({ start: NOW_S - 1800, end: NOW_S + 1200 }) })), {
      code: 'long_raid',
      text: 'the raid lasts {minutes} minutes, longer than {max} ([general] ignore_long_raids)',
      values: { minutes: 50, max: 47 },
    });
  });

  test('time_left: [general] alert_minimum_time, before the end of a raid and the hatch of an egg', () => {
    assert.deepEqual(said(explain(plugin, { hook: raidHook({ end: NOW_S + 100 }) })), {
      code: 'time_left',
      text: '{left} s before the raid ends, less than the minimum {min} s ([general] alert_minimum_time)',
      values: { left: 100, min: 120 },
    });
    assert.equal(explain(plugin, { table: 'egg', hook: eggHook({ start: NOW_S + 30 }) }).text, '{left} s before the egg hatches, less than the minimum {min} s ([general] alert_minimum_time)');
  });

  test('level: the rule is for another level (raids by level, eggs)', () => {
    assert.deepEqual(said(explain(plugin, { row: { level: 6 } })), {
      code: 'level',
      text: 'the rule is for {rule} raids, the event is {event}',
      values: { rule: 'Mega', event: 'Legendary' },
    });
    const egg = explain(plugin, { table: 'egg', row: { level: 1 } });
    assert.deepEqual([egg.text, egg.values], ['the rule is for {rule} eggs, the event is {event}', { rule: 'Level 1', event: 'Legendary' }]);
  });

  test('species and form of the boss', () => {
    assert.deepEqual(said(explain(plugin, { row: { pokemon_id: 382, level: 9000 } })), {
      code: 'species',
      text: 'the rule is for {rule}, the raid boss is {event}',
      values: { rule: 'Kyogre', event: 'Mewtwo' },
    });
    const form = explain(plugin, { row: { pokemon_id: 150, level: 9000, form: 136 }, hook: raidHook({ form: 135 }) });
    assert.equal(form.code, 'form');
    assert.equal(form.text, 'the rule is for the form {rule}, the raid boss is {event}');
  });

  test('team, exclusive and gym', () => {
    assert.deepEqual(said(explain(plugin, { row: { team: 1 } })), {
      code: 'team',
      text: 'the rule asks for a gym of {rule}, the gym is {event}',
      values: { rule: 'Mystic', event: 'Valor' },
    });
    assert.deepEqual(said(explain(plugin, { row: { exclusive: 1 }, hook: raidHook({ ex_raid_eligible: 0 }) })), {
      code: 'exclusive',
      text: 'the rule asks for EX-eligible gyms, and {gym} is not one',
      values: { gym: 'Town Hall Fountain' },
    });
    assert.deepEqual(said(explain(plugin, { row: { gym_id: 'ffff.16' } })), {
      code: 'gym',
      text: 'the rule is for the gym {rule}, the event is at {event} ({id})',
      values: { rule: 'ffff.16', event: 'Town Hall Fountain', id: 'a1b2c3d4.16' },
    });
  });

  test('move, evolution and costume of the boss', () => {
    assert.deepEqual(said(explain(plugin, { row: { move: 13 } })), {
      code: 'move',
      text: 'the rule asks for the move {rule}, the boss has {event}',
      values: { rule: data.moveName(13), event: `${data.moveName(221)}, ${data.moveName(14)}` },
    });
    const evolution = explain(plugin, { row: { evolution: 1 } });
    assert.equal(evolution.code, 'evolution');
    assert.equal(evolution.values?.['event'], 'no temporary evolution');
    assert.deepEqual(said(explain(plugin, { row: { costume: 4 }, hook: raidHook({ costume: 5 }) })), {
      code: 'costume',
      text: 'the rule asks for costume {rule}, the boss wears costume {event}',
      values: { rule: 4, event: 5 },
    });
  });

  test('rsvp_update and no_rsvps', () => {
    const fresh = explain(plugin, { row: { rsvp_changes: 2 }, hook: raidHook({ gym_id: 'quiet.16' }) });
    assert.deepEqual(said(fresh), { code: 'no_rsvps', text: 'the rule alerts only while the raid has RSVPs, and it has none' });
    explain(plugin, { hook: raidHook({ gym_id: 'busy.16' }) });
    const update = explain(plugin, { hook: raidHook({ gym_id: 'busy.16', rsvps: [{ timeslot: 1, going_count: 2, maybe_count: 0 }] }) });
    assert.deepEqual(said(update), {
      code: 'rsvp_update',
      text: 'the raid was announced before and only its RSVPs changed; the rule alerts only when it first appears',
    });
  });

  test('blocked_kind: a rule for a specific gym of a human who blocked specificgym', () => {
    const blocker = human('ash', { area: ['old town'], blockedAlerts: ['specificgym'] });
    assert.deepEqual(said(explain(plugin, { row: { gym_id: 'a1b2c3d4.16' }, who: blocker })), {
      code: 'blocked_kind',
      text: 'you blocked {kind} alerts',
      values: { kind: 'specificgym' },
    });
    assert.equal(explain(plugin, { who: blocker }).fires, true, 'other rules are not blocked by it');
  });

  test('reach: too far, outside the areas (the core words)', () => {
    const near = human('ash', { latitude: 48.2, longitude: 11.572 });
    assert.equal(explain(plugin, { row: { distance: 1000 }, who: near }).code, 'too_far');
    assert.equal(explain(plugin, { areas: ['riverside'] }).code, 'outside_areas');
  });

  test('the RSVP facts stay those of the match: an update stays one after the memory moved on', () => {
    const hook = raidHook({ gym_id: 'later.16' });
    const first = parsed(plugin, hook);
    const update = parsed(plugin, { ...hook, rsvps: [{ timeslot: 1, going_count: 1, maybe_count: 0 }] });
    const again = parsed(plugin, { ...hook, rsvps: [{ timeslot: 1, going_count: 5, maybe_count: 1 }] });
    for (const e of [first, update, again]) plugin.observe?.(e, hookContext());
    const row = raidRow('ash');
    const snapshot = snapshotWith(plugin, [ASH], [row]);
    const v = (e: RaidEvent) => verdictOf(plugin, snapshot, e, matchContext(['old town']), { table: 'raid', row }, ASH).code;
    assert.deepEqual([v(first), v(update), v(again)], ['fires', 'rsvp_update', 'rsvp_update']);
  });

});

// ---- the property: explain fires ⇔ match picks the human ----

const BOSSES = [150, 382, 25, 0] as const;
const LEVELS = [1, 3, 5, 6, 90] as const;
const GYMS = ['g1.16', 'g2.16', 'g3.16'] as const;

function randomRaidColumns(r: Random): Record<string, unknown> {
  const byBoss = r.chance(0.4);
  return {
    pokemon_id: byBoss ? r.pick([150, 382, 25]) : 9000,
    level: byBoss ? 9000 : r.pick(LEVELS),
    form: byBoss && r.chance(0.2) ? r.pick([0, 135, 136]) : 0,
    move: r.chance(0.2) ? r.pick([221, 14, 13]) : 9000,
    evolution: r.chance(0.15) ? r.pick([0, 1]) : 9000,
    costume: r.chance(0.15) ? r.pick([0, 5]) : 9000,
  };
}

function randomGymColumns(r: Random): Record<string, unknown> {
  return {
    team: r.chance(0.6) ? 4 : r.int(0, 3),
    exclusive: r.chance(0.2) ? 1 : r.pick([0, null]),
    gym_id: r.chance(0.2) ? r.pick(GYMS) : null,
    rsvp_changes: r.pick([0, 0, 1, 2]),
    ...randomReach(r),
  };
}

/** one raid (or egg) of a population: the same gym, boss and times come back with other RSVPs */
function randomRaid(r: Random, nowS: number): Record<string, unknown> {
  const pokemonId = r.pick(BOSSES);
  const start = nowS + (pokemonId === 0 ? r.int(-60, 1800) : r.int(-2700, 0));
  const end = start + (r.chance(0.2) ? r.int(2500, 3200) : 2700);
  return { gym_id: r.pick(GYMS), level: r.pick([1, 3, 5, 6]), pokemon_id: pokemonId, start, end, ...randomPoint(r) };
}

function randomHook(r: Random, raid: Record<string, unknown>): Record<string, unknown> {
  const rsvps = r.chance(0.5) ? [{ timeslot: 1_800_000_000_000, going_count: r.int(0, 3), maybe_count: r.int(0, 2) }] : null;
  return raidHook({
    team_id: r.int(0, 3),
    ex_raid_eligible: r.int(0, 1),
    form: r.pick([0, 135]),
    move_1: r.pick([221, 13]),
    move_2: r.pick([14, 0]),
    evolution: r.pick([0, 0, 1]),
    costume: r.pick([0, 5]),
    rsvps,
    ...raid,
  });
}

describe('raid explain agrees with match (seeded random rules, humans and events)', () => {
  for (const [label, config] of [
    ['defaults', {}],
    ['ignore_long_raids', { general: { ignore_long_raids: true } }],
  ] as const) {
    test(`explain fires exactly for the humans match picks (${label})`, async () => {
      const plugin = await buildPlugin(config);
      const r = seededRandom(label === 'defaults' ? 24 : 2024);
      const tally = new AgreementTally();
      for (let population = 0; population < 10; population++) {
        const humans = Array.from({ length: 8 }, (_, i) => randomHuman(r, `h${population}-${i}`, ['specificgym', 'raid', 'egg']));
        const locations = humans.flatMap((h) => randomLocations(r, h.id));
        const rules: StoredRule[] = humans.flatMap((h) =>
          Array.from({ length: r.int(0, 5) }, (): StoredRule => {
            const egg = r.chance(0.35);
            const gym = randomGymColumns(r);
            const row: TrackingRow = egg ? eggRow(h.id, { ...gym, level: r.pick(LEVELS) }) : raidRow(h.id, { ...gym, ...randomRaidColumns(r) });
            return { table: egg ? 'egg' : 'raid', row };
          }),
        );
        const snapshot = snapshotWith(
          plugin,
          humans,
          rules.filter((x) => x.table === 'raid').map((x) => x.row),
          rules.filter((x) => x.table === 'egg').map((x) => x.row),
          locations,
        );
        // a stream of events, observed and matched in order; explained at the end, when the RSVP memory moved on
        const stream: { event: RaidEvent; nowS: number; areas: string[] }[] = [];
        const raids = Array.from({ length: 6 }, () => randomRaid(r, NOW_S));
        let nowS = NOW_S;
        for (let i = 0; i < 30; i++) {
          nowS += r.int(0, 60);
          const event = parsed(plugin, randomHook(r, r.pick(raids)));
          plugin.observe?.(event, hookContext(nowS));
          stream.push({ event, nowS, areas: ['old town', 'riverside', 'harbour'].filter(() => r.chance(0.5)) });
        }
        for (const [i, { event, nowS: at, areas }] of stream.entries()) {
          const result = agreement(plugin, snapshot, event, matchContext(areas, at), humans, rules, `population ${population} event ${i}`);
          tally.add(result);
        }
      }
      const expected = ['fires', 'other_kind', 'time_left', 'level', 'species', 'team', 'exclusive', 'gym', 'rsvp_update', 'no_rsvps', 'move', 'evolution', 'costume', 'too_far', 'outside_areas'];
      assert.deepEqual(tally.problems(expected), []);
    });
  }
});
