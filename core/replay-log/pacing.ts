/**
 * The replay's pacing, as pure functions over an injected clock: a batch is due as long after the first
 * replayed batch as it was received after it, divided by the speed (2 = twice as fast); speed Infinity
 * (`--speed 0` or `max`) makes every batch due at once, so batches go out as fast as the target answers.
 */

export interface Clock {
  /** unix ms */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** `--speed` as typed → the factor (Infinity for as fast as possible), or the problem with it. */
export function parseSpeed(raw: string): number | string {
  const text = raw.trim().toLowerCase();
  if (text === 'max' || text === '0') return Infinity;
  const speed = Number(text);
  if (text === '' || !Number.isFinite(speed) || speed < 0) return `--speed must be a positive number, 0 or max (got "${raw}")`;
  return speed === 0 ? Infinity : speed;
}

export interface Pace {
  /** receive time of the first replayed batch, unix ms */
  readonly firstReceivedAt: number;
  /** when the replay sent its first batch, unix ms of the replay's clock */
  readonly startedAt: number;
  readonly speed: number;
}

/** When a batch received at `receivedAt` is due (replay clock, unix ms); never before the replay started. */
export function dueAt(pace: Pace, receivedAt: number): number {
  if (pace.speed === Infinity) return pace.startedAt;
  return pace.startedAt + Math.max(0, receivedAt - pace.firstReceivedAt) / pace.speed;
}

/** How long to wait before sending a batch due at `due` (0 when it is due or late). */
export function waitFor(due: number, now: number): number {
  return Math.max(0, due - now);
}
