/**
 * Gym matching, table-driven over each column and sentinel: team (4 = any), slot_changes, battle_changes
 * (with [tracking] enable_gym_battle), gym_id (bypasses reach, blocked as `specificgym`), the rule modes, and
 * the first sighting of a gym matching nothing.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { TrackingRow } from '../../../core/model.ts';
import type { GymIndex } from '../../../plugins/gym/rule.ts';
import { human } from '../../helpers/humans.ts';
import { buildGym, gymHook, gymRow, matchContext, receive, snapshotWith, type BuiltGym } from './support.ts';

const built: BuiltGym[] = [];
after(() => built.forEach((g) => g.cleanup()));

async function gymWith(config: Record<string, unknown> = {}): Promise<BuiltGym> {
  const gym = await buildGym(config);
  built.push(gym);
  return gym;
}

const ash = human('ash', { area: ['downtown'], latitude: 48.1365, longitude: 11.572 });

interface Case {
  readonly name: string;
  readonly row: Record<string, unknown>;
  /** the second webhook's changes (the first sets valor, 3 slots, not in battle) */
  readonly then: Record<string, unknown>;
  readonly fires: boolean;
  readonly config?: Record<string, unknown>;
  readonly areas?: readonly string[];
}

const CASES: readonly Case[] = [
  { name: 'any team, team changed', row: {}, then: { team: 1 }, fires: true },
  { name: 'any team, nothing changed', row: {}, then: {}, fires: false },
  { name: 'team 1 (mystic) rule, gym now mystic', row: { team: 1 }, then: { team: 1 }, fires: true },
  { name: 'team 3 rule, gym now mystic', row: { team: 3 }, then: { team: 1 }, fires: false },
  { name: 'team 0 rule, gym now neutral', row: { team: 0 }, then: { team: 0, slots_available: 6 }, fires: true },
  { name: 'slots changed, rule without slot_changes', row: {}, then: { slots_available: 2 }, fires: false },
  { name: 'slots changed, slot_changes rule', row: { slot_changes: 1 }, then: { slots_available: 2 }, fires: true },
  { name: 'slots changed, slot_changes rule of another team', row: { slot_changes: 1, team: 1 }, then: { slots_available: 2 }, fires: false },
  { name: 'battle started, battle_changes off in config', row: { battle_changes: 1 }, then: { in_battle: true }, fires: false },
  { name: 'battle started, battle_changes on', row: { battle_changes: 1 }, then: { in_battle: true }, fires: true, config: { tracking: { enable_gym_battle: true } } },
  { name: 'battle started, rule without battle_changes', row: {}, then: { in_battle: true }, fires: false, config: { tracking: { enable_gym_battle: true } } },
  { name: 'specific gym, same id, outside every area', row: { gym_id: 'gym-1.16' }, then: { team: 3 }, fires: true, areas: [] },
  { name: 'specific gym, other id', row: { gym_id: 'gym-2.16' }, then: { team: 3 }, fires: false },
  { name: 'area mode, outside the human areas', row: {}, then: { team: 3 }, fires: false, areas: ['uptown'] },
  { name: 'area override', row: { override_areas: '["uptown"]' }, then: { team: 3 }, fires: true, areas: ['uptown'] },
  { name: 'distance within', row: { distance: 100 }, then: { team: 3 }, fires: true, areas: [] },
  { name: 'distance too far', row: { distance: 100 }, then: { team: 3, latitude: 48.2 }, fires: false, areas: [] },
];

describe('gym rule columns', () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const gym = await gymWith(c.config);
      const rule = gymRow('ash', c.row);
      const snapshot = snapshotWith(gym, [ash], [rule]);
      receive(gym, gymHook());
      const event = receive(gym, gymHook(c.then));
      const matched = gym.plugin.match(event, snapshot, snapshot.index<GymIndex>('gym'), matchContext(c.areas ?? ['downtown']));
      assert.deepEqual(matched.map((m) => m.ruleUid), c.fires ? [rule.uid] : []);
    });
  }
});

test('the first sighting of a gym matches nothing; the next team change does', async () => {
  const gym = await gymWith();
  const rule = gymRow('ash');
  const snapshot = snapshotWith(gym, [ash], [rule]);
  const index = snapshot.index<GymIndex>('gym');
  assert.deepEqual(gym.plugin.match(receive(gym, gymHook()), snapshot, index, matchContext(['downtown'])), []);
  const matched = gym.plugin.match(receive(gym, gymHook({ team: 1 })), snapshot, index, matchContext(['downtown']));
  assert.equal(matched.length, 1);
  assert.deepEqual([matched[0]!.alertType, matched[0]!.table, matched[0]!.templateId, matched[0]!.blockKind], ['gym', 'gym', null, undefined]);
});

test('a specific-gym match is blocked as specificgym; several rules of one human alert once', async () => {
  const gym = await gymWith();
  const rows: TrackingRow[] = [gymRow('ash', { gym_id: 'gym-1.16', template: '2' }), gymRow('ash')];
  const snapshot = snapshotWith(gym, [ash], rows);
  receive(gym, gymHook());
  const matched = gym.plugin.match(receive(gym, gymHook({ team: 1 })), snapshot, snapshot.index<GymIndex>('gym'), matchContext(['downtown']));
  assert.equal(matched.length, 1);
  assert.equal(matched[0]!.blockKind, 'specificgym');
  assert.equal(matched[0]!.templateId, '2');
});

test('a specific-gym rule blocked as specificgym does not hide another rule of the same human', async () => {
  const gym = await gymWith();
  const blocker = human('ash', { area: ['downtown'], blockedAlerts: ['specificgym'] });
  const rows: TrackingRow[] = [gymRow('ash', { gym_id: 'gym-1.16' }), gymRow('ash')];
  const snapshot = snapshotWith(gym, [blocker], rows);
  receive(gym, gymHook());
  const matched = gym.plugin.match(receive(gym, gymHook({ team: 1 })), snapshot, snapshot.index<GymIndex>('gym'), matchContext(['downtown']));
  assert.deepEqual(matched.map((m) => [m.ruleUid, m.blockKind]), [[rows[1]!.uid, undefined]]);
});
