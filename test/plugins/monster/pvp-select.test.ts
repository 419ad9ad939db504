/**
 * Which PVP ranks count, selected once per event: selectRanks keeps the ranks within the bounds per league (an
 * empty answer is one shared map), and rankSelector answers every later question about the same event with
 * the selection it made first, identical to selectRanks.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMonster } from '../../../plugins/monster/parse.ts';
import { rankSelector, selectRanks, type PvpBounds } from '../../../plugins/monster/pvp-select.ts';
import type { MonsterEvent } from '../../../plugins/monster/event.ts';
import { pokemonHook, unencounteredHook } from './support.ts';

const BOUNDS: PvpBounds = { maxRank: 10, minCp: { 500: 0, 1500: 1400, 2500: 2400 }, levelCaps: [50], includeMega: false };

function event(hook: Record<string, unknown>): MonsterEvent {
  const outcome = parseMonster(hook);
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

const entry = (rank: number, cp: number, extra: Record<string, unknown> = {}) => ({ pokemon: 25, form: 0, rank, cp, level: 20, cap: 50, percentage: 0.99, ...extra });

const ranked = () =>
  event(
    pokemonHook({
      pvp: {
        great: [entry(1, 1490), entry(3, 1300), entry(20, 1495), entry(2, 1480, { evolution: 1 })],
        ultra: [entry(50, 2490)],
        little: [entry(4, 480, { cap: 40 })],
      },
    }),
  );

test('selectRanks keeps per league the ranks within the bounds and drops leagues left empty', () => {
  const ranks = selectRanks(ranked(), BOUNDS);
  assert.deepEqual([...ranks.keys()], [1500]);
  assert.deepEqual(ranks.get(1500)?.map((r) => r.rank), [1]);
});

test('nothing within the bounds, or no ranks at all, is the same empty answer', () => {
  const none = selectRanks(event(pokemonHook({ pvp: { ultra: [entry(50, 2490)] } })), BOUNDS);
  assert.equal(none.size, 0);
  assert.equal(selectRanks(event(unencounteredHook()), BOUNDS), none);
  const select = rankSelector(BOUNDS);
  assert.equal(select(event(unencounteredHook())), none);
});

test('rankSelector selects once per event and answers as selectRanks does', () => {
  const select = rankSelector(BOUNDS);
  const first = ranked();
  const second = ranked();
  const once = select(first);
  assert.equal(select(first), once, 'the same event is answered with the same selection');
  assert.deepEqual(once, selectRanks(first, BOUNDS));
  assert.notEqual(select(second), once, 'another event gets its own selection');
  assert.deepEqual(select(second), once);
});
