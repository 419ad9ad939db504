/**
 * Telegram often tells of one change twice: a kick arrives as a `chat_member` update and as the group's
 * `left_chat_member` message. This remembers, per group and user, the last state a notice reported and when, so
 * a repeat of the same state within `windowMs` is recognised and handled once. Bounded: the oldest entries go
 * beyond `maxEntries`.
 */

export class RecentNotices {
  private readonly last = new Map<string, { readonly inChat: boolean; readonly at: number }>();

  constructor(
    private readonly windowMs = 600_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the notice; true when it repeats the state the previous notice about the same user and group gave. */
  isRepeat(group: string, userId: string, inChat: boolean): boolean {
    const key = `${group}/${userId}`;
    const at = this.now();
    const previous = this.last.get(key);
    this.last.delete(key);
    this.last.set(key, { inChat, at });
    if (this.last.size > this.maxEntries) {
      const oldest = this.last.keys().next().value;
      if (oldest !== undefined) this.last.delete(oldest);
    }
    return previous !== undefined && previous.inChat === inChat && at - previous.at <= this.windowMs;
  }
}
