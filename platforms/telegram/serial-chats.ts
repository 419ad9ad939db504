/**
 * Runs tasks one at a time per chat (a user's commands are answered in the order they were typed) without
 * holding up other chats or the long poll; `idle()` waits for everything started so far.
 */

export class SerialPerChat {
  private readonly tails = new Map<string, Promise<void>>();

  /** Queues `task` after the chat's earlier tasks; a task that throws is reported to `onError` and the chain goes on. */
  run(chat: string, task: () => Promise<void>, onError: (err: unknown) => void): void {
    const previous = this.tails.get(chat) ?? Promise.resolve();
    const next = previous.then(task).catch(onError);
    this.tails.set(chat, next);
    void next.then(() => {
      if (this.tails.get(chat) === next) this.tails.delete(chat);
    });
  }

  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
