/**
 * A digest's messages: grouped by reward (type, id, form) in the order first held, each group's clean bits and
 * latest end its own, and groups larger than [summariser] max_per_message cut into numbered chunks.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HeldQuest } from '../../../../plugins/quest/summary/buffer.ts';
import { chunksOf, digestChunks, groupByReward } from '../../../../plugins/quest/summary/group.ts';
import type { QuestEvent } from '../../../../plugins/quest/event.ts';

function held(stop: string, rewardType: number, reward: number, extra: Partial<HeldQuest> = {}): HeldQuest {
  const event = { pokestopId: stop, latitude: 1, longitude: 2, withAr: false, rewards: [] } as unknown as QuestEvent;
  return { rewardType, reward, form: 0, event, expiresAt: 1000, heldAt: 0, clean: 0, ...extra };
}

describe('digest grouping and chunking', () => {
  it('groups by reward in first-held order; forms of one species are apart', () => {
    const groups = groupByReward([held('a', 2, 1301), held('b', 7, 327, { form: 1 }), held('c', 2, 1301), held('d', 7, 327, { form: 2 }), held('e', 3, 500)]);
    assert.deepEqual(
      groups.map((g) => [g.rewardType, g.reward, g.form, g.quests.map((q) => q.event.pokestopId)]),
      [[2, 1301, 0, ['a', 'c']], [7, 327, 1, ['b']], [7, 327, 2, ['d']], [3, 500, 0, ['e']]],
    );
  });

  it("a group's clean bits and latest end are its own", () => {
    const [candy, dust] = groupByReward([held('a', 2, 1301, { clean: 1, expiresAt: 500 }), held('b', 2, 1301, { expiresAt: 900 }), held('c', 3, 500, { expiresAt: 700 })]);
    assert.deepEqual([candy!.clean, candy!.expiresAt], [1, 900]);
    assert.deepEqual([dust!.clean, dust!.expiresAt], [0, 700]);
  });

  it('cuts a large group into numbered chunks, each knowing the total', () => {
    const [group] = groupByReward(['a', 'b', 'c', 'd', 'e'].map((s) => held(s, 2, 1)));
    const chunks = chunksOf(group!, 2);
    assert.deepEqual(chunks.map((c) => [c.chunk, c.chunks, c.quests.map((q) => q.event.pokestopId), c.group.quests.length]), [
      [1, 3, ['a', 'b'], 5],
      [2, 3, ['c', 'd'], 5],
      [3, 3, ['e'], 5],
    ]);
    assert.equal(chunksOf(group!, 0).length, 1);
    assert.equal(chunksOf(group!, 5).length, 1);
  });

  it('every message of a digest, group by group', () => {
    const chunks = digestChunks([held('a', 2, 1), held('b', 2, 1), held('c', 3, 100)], 1);
    assert.deepEqual(chunks.map((c) => `${c.group.rewardType}:${c.chunk}/${c.chunks}`), ['2:1/2', '2:2/2', '3:1/1']);
  });
});
