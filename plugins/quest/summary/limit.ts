/**
 * The summary limit ([alert_limits] dm_summary_limit / channel_summary_limit): how many digests one destination
 * may receive per [alert_limits] timing_period, a bucket of its own apart from the alert limits (one digest counts
 * once, however many messages it has). The first refusal of a period says so (`notify`). 0 = no limit.
 */
export interface SummaryLimitSettings {
  readonly periodMs: number;
  readonly dmLimit: number;
  readonly channelLimit: number;
}

export type SummaryVerdict = { readonly allowed: true } | { readonly allowed: false; readonly limit: number; readonly periodSeconds: number; readonly notify: boolean };

/** user destinations get the DM limit, every other (channels, groups, webhooks) the channel limit */
export function isUserTarget(type: string): boolean {
  return type.endsWith(':user');
}

export class SummaryLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly settings: SummaryLimitSettings) {}

  /** counts one digest for the destination at `now` when it may have it */
  check(target: { readonly id: string; readonly type: string }, now: number): SummaryVerdict {
    const limit = isUserTarget(target.type) ? this.settings.dmLimit : this.settings.channelLimit;
    if (limit <= 0) return { allowed: true };
    let window = this.windows.get(target.id);
    if (!window || now - window.start >= this.settings.periodMs) this.windows.set(target.id, (window = { start: now, count: 0 }));
    window.count++;
    if (window.count <= limit) return { allowed: true };
    return { allowed: false, limit, periodSeconds: Math.round(this.settings.periodMs / 1000), notify: window.count === limit + 1 };
  }

  /** forgets windows that ended (called by the scheduler now and then) */
  prune(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= this.settings.periodMs) this.windows.delete(id);
  }
}
