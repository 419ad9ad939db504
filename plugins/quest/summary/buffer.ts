/**
 * The quests held for digests, per human: one entry per (reward, stop, AR or not) — a quest seen again replaces
 * its entry (the clean bits of both kept) — in memory, with what the file needs to restore it (buffer-file.ts).
 * Pure bookkeeping over times given by the caller.
 */
import { REWARD, type QuestEvent } from '../event.ts';

/** What a digest groups by: the reward type, its id (item, pokemon, or the stardust amount) and the form. */
export interface RewardKey {
  readonly rewardType: number;
  readonly reward: number;
  readonly form: number;
}

export interface HeldQuest extends RewardKey {
  readonly event: QuestEvent;
  /** unix ms the quest ends */
  readonly expiresAt: number;
  /** unix ms it was held */
  readonly heldAt: number;
  /** the clean bits of the rules that held it (1 clean: the digest is deleted at its latest quest's end) */
  readonly clean: number;
}

/** The reward a quest is grouped under: its first reward (the one its alerts name). */
export function rewardKeyOf(event: QuestEvent): RewardKey {
  const r = event.rewards[0];
  if (!r) return { rewardType: 0, reward: 0, form: 0 };
  switch (r.type) {
    case REWARD.item:
      return { rewardType: r.type, reward: r.itemId, form: 0 };
    case REWARD.stardust:
      return { rewardType: r.type, reward: r.amount, form: 0 };
    case REWARD.pokemon:
      return { rewardType: r.type, reward: r.pokemonId, form: r.formId };
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
      return { rewardType: r.type, reward: r.pokemonId, form: 0 };
    default:
      return { rewardType: r.type, reward: r.itemId || r.pokemonId, form: 0 };
  }
}

function entryKey(q: HeldQuest): string {
  return `${q.rewardType}:${q.reward}:${q.form}:${q.event.pokestopId}:${q.event.withAr ? 1 : 0}`;
}

export class SummaryBuffer {
  private readonly humans = new Map<string, Map<string, HeldQuest>>();
  private count = 0;

  /** entries held, all humans */
  get size(): number {
    return this.count;
  }

  /** the human ids holding entries */
  holders(): string[] {
    return [...this.humans.keys()];
  }

  /** holds a quest for a human; the same quest again replaces its entry, keeping both clean bits */
  hold(humanId: string, quest: HeldQuest): void {
    let held = this.humans.get(humanId);
    if (!held) this.humans.set(humanId, (held = new Map()));
    const key = entryKey(quest);
    const before = held.get(key);
    if (!before) this.count++;
    held.set(key, before ? { ...quest, clean: quest.clean | before.clean } : quest);
  }

  /** the human's entries, oldest held first */
  list(humanId: string): HeldQuest[] {
    const held = this.humans.get(humanId);
    return held ? [...held.values()].sort((a, b) => a.heldAt - b.heldAt) : [];
  }

  countFor(humanId: string): number {
    return this.humans.get(humanId)?.size ?? 0;
  }

  /** takes the human's entries out (oldest first) */
  take(humanId: string): HeldQuest[] {
    const entries = this.list(humanId);
    if (this.humans.delete(humanId)) this.count -= entries.length;
    return entries;
  }

  /** drops entries whose quest ended by `now`, or held longer than `maxAgeMs` (0: no age limit); how many of each */
  sweep(now: number, maxAgeMs: number): { expired: number; stale: number } {
    let expired = 0;
    let stale = 0;
    for (const [humanId, held] of this.humans) {
      for (const [key, q] of held) {
        if (q.expiresAt <= now) expired++;
        else if (maxAgeMs > 0 && now - q.heldAt > maxAgeMs) stale++;
        else continue;
        held.delete(key);
      }
      if (held.size === 0) this.humans.delete(humanId);
    }
    this.count -= expired + stale;
    return { expired, stale };
  }

  /** every entry, by human (the file's content) */
  entries(): Array<[string, HeldQuest[]]> {
    return [...this.humans.keys()].map((id) => [id, this.list(id)]);
  }
}
