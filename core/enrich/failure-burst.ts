/**
 * Tracks one outside dependency (a geocoder, the tile server, a link shortener) so its failures are logged
 * once per burst instead of once per event: the first failure after a success warns, the rest of the burst
 * is debug, and the first success after it logs how many failed. After `threshold` failures in a row the
 * dependency is left alone for `cooldownMs` (callers skip it and use their fallback), so an outage does not
 * cost every event a request timeout.
 */
import type { Logger } from '../log/logger.ts';

export interface FailureBurstOptions {
  /** names the dependency in log lines, e.g. `reverse geocoding` */
  readonly what: string;
  readonly log: Logger;
  readonly now: () => number;
  readonly threshold?: number;
  readonly cooldownMs?: number;
}

const DEFAULT_THRESHOLD = 5;
const DEFAULT_COOLDOWN_MS = 30_000;

export class FailureBurst {
  private consecutive = 0;
  private lastFailureAt = 0;
  private readonly threshold: number;
  private readonly cooldownMs: number;

  constructor(private readonly o: FailureBurstOptions) {
    this.threshold = o.threshold ?? DEFAULT_THRESHOLD;
    this.cooldownMs = o.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  }

  /** true while the dependency is resting after too many failures in a row */
  blocked(): boolean {
    return this.consecutive >= this.threshold && this.o.now() - this.lastFailureAt < this.cooldownMs;
  }

  failed(err: unknown, context: Readonly<Record<string, unknown>> = {}): void {
    this.consecutive += 1;
    this.lastFailureAt = this.o.now();
    const fields = { ...context, dependency: this.o.what, failures: this.consecutive, err: err instanceof Error ? err.message : String(err) };
    if (this.consecutive === 1) this.o.log.warn(fields, `${this.o.what} failed; using empty values until it answers again`);
    else this.o.log.debug(fields, `${this.o.what} failed again`);
  }

  succeeded(): void {
    if (this.consecutive > 0) this.o.log.info({ dependency: this.o.what, failures: this.consecutive }, `${this.o.what} answers again`);
    this.consecutive = 0;
  }
}
