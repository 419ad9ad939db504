/**
 * A human's held quests → the digest's messages, as pure functions: grouped by reward (type, id, form) in the order
 * the groups were first held, each group cut into chunks of at most `perMessage` quests (0: never cut), each
 * chunk knowing its place (1 of 3) and its group's total. A group's clean bits and latest end are its own.
 */
import type { HeldQuest, RewardKey } from './buffer.ts';

export interface RewardGroup extends RewardKey {
  readonly quests: readonly HeldQuest[];
  /** the clean bits of its quests together */
  readonly clean: number;
  /** the latest end of its quests (unix ms) */
  readonly expiresAt: number;
}

export interface DigestChunk {
  readonly group: RewardGroup;
  readonly quests: readonly HeldQuest[];
  /** 1-based place among the group's chunks */
  readonly chunk: number;
  readonly chunks: number;
}

export function groupByReward(quests: readonly HeldQuest[]): RewardGroup[] {
  const groups = new Map<string, { key: RewardKey; quests: HeldQuest[] }>();
  for (const q of quests) {
    const id = `${q.rewardType}:${q.reward}:${q.form}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key: { rewardType: q.rewardType, reward: q.reward, form: q.form }, quests: [] }));
    group.quests.push(q);
  }
  return [...groups.values()].map(({ key, quests: list }) => ({
    ...key,
    quests: list,
    clean: list.reduce((bits, q) => bits | q.clean, 0),
    expiresAt: Math.max(...list.map((q) => q.expiresAt)),
  }));
}

export function chunksOf(group: RewardGroup, perMessage: number): DigestChunk[] {
  const { quests } = group;
  if (quests.length === 0) return [];
  if (perMessage <= 0 || quests.length <= perMessage) return [{ group, quests, chunk: 1, chunks: 1 }];
  const chunks = Math.ceil(quests.length / perMessage);
  return Array.from({ length: chunks }, (_, i) => ({ group, quests: quests.slice(i * perMessage, (i + 1) * perMessage), chunk: i + 1, chunks }));
}

/** Every message of a digest, group by group. */
export function digestChunks(quests: readonly HeldQuest[], perMessage: number): DigestChunk[] {
  return groupByReward(quests).flatMap((g) => chunksOf(g, perMessage));
}
