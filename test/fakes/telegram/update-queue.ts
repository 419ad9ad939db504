/**
 * The fake's pending updates with Telegram's getUpdates semantics: ids increase from 1; asking with an
 * `offset` confirms (forgets) every update below it; updates of a type the bot did not allow are dropped; a
 * long poll waits until an update is queued, its timeout passes or the caller goes away.
 */
import type { TelegramUpdate } from './updates.ts';

export class UpdateQueue {
  private pending: TelegramUpdate[] = [];
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  /** Queues the update `build` makes with the next id and wakes every waiting poll. */
  push(build: (updateId: number) => TelegramUpdate): TelegramUpdate {
    const update = build(this.nextId++);
    this.pending.push(update);
    for (const wake of [...this.waiters]) wake();
    return update;
  }

  /**
   * Confirms the updates below `offset` (a negative offset keeps only the last -offset), drops those the bot
   * did not allow (Telegram never delivers them) and returns up to `limit`.
   */
  take(offset: number | undefined, limit: number, allowed: (update: TelegramUpdate) => boolean = () => true): TelegramUpdate[] {
    if (offset !== undefined && offset < 0) this.pending = this.pending.slice(offset);
    else if (offset !== undefined) this.pending = this.pending.filter((u) => u.update_id >= offset);
    this.pending = this.pending.filter(allowed);
    return this.pending.slice(0, limit);
  }

  /** Resolves when an update is pushed, `timeoutMs` passes or `cancel` (the returned function) is called. */
  wait(timeoutMs: number): { readonly done: Promise<void>; cancel(): void } {
    let wake: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(finish, timeoutMs);
      function finish(): void {
        clearTimeout(timer);
        waiters.delete(finish);
        resolve();
      }
      const waiters = this.waiters;
      waiters.add(finish);
      wake = finish;
    });
    return { done, cancel: () => wake() };
  }

  /** Ends every waiting poll (shutdown). */
  wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
