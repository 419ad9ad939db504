/**
 * Whether the database answers, for /health: a trivial query bounded by a short timeout, its verdict kept for a few
 * seconds so a burst of health checks sends the database at most one query per interval, and never more than one
 * probe in flight (a probe still waiting counts as "unreachable" until it settles).
 */
import type { Knex } from 'knex';

export type DatabaseHealth = 'ok' | 'unreachable';

export interface ProbeOptions {
  /** how long a verdict is reused; default 5 s */
  readonly cacheMs?: number;
  /** how long a probe may take before it counts as unreachable; default 1 s */
  readonly timeoutMs?: number;
  /** the clock (tests) */
  readonly now?: () => number;
}

export const PROBE_CACHE_MS = 5_000;
export const PROBE_TIMEOUT_MS = 1_000;

/** Resolves with the verdict on the database; never rejects and never takes much longer than the timeout. */
export type DatabaseProbe = () => Promise<DatabaseHealth>;

/** Resolves with 'unreachable' after `ms` unless `answer` settles first. */
function withDeadline(answer: Promise<DatabaseHealth>, ms: number): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DatabaseHealth>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), ms);
    timer.unref();
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** A probe of `knex` (a `select 1`) with the cache and the timeout. */
export function createDatabaseProbe(knex: Knex, options: ProbeOptions = {}): DatabaseProbe {
  return createProbe(() => knex.raw('select 1 as ok'), options);
}

/** The cache, the deadline and the single flight around any query (exported for tests). */
export function createProbe(query: () => Promise<unknown>, options: ProbeOptions = {}): DatabaseProbe {
  const cacheMs = options.cacheMs ?? PROBE_CACHE_MS;
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let verdict: { readonly value: DatabaseHealth; readonly at: number } | null = null;
  /** the verdict being worked out; concurrent callers share it */
  let pending: Promise<DatabaseHealth> | null = null;
  /** a query that outlived its deadline and has not settled yet */
  let hanging = false;

  const probe = (): Promise<DatabaseHealth> => {
    const started = now();
    hanging = true;
    const answer = query().then(
      (): DatabaseHealth => 'ok',
      (): DatabaseHealth => 'unreachable',
    );
    void answer.finally(() => (hanging = false));
    return withDeadline(answer, timeoutMs).then((value) => {
      verdict = { value, at: started };
      pending = null;
      return value;
    });
  };

  return () => {
    if (verdict !== null && now() - verdict.at < cacheMs) return Promise.resolve(verdict.value);
    if (pending !== null) return pending;
    // the last query still hangs: the database has not answered it, and no second query joins it
    if (hanging) return Promise.resolve<DatabaseHealth>('unreachable');
    pending = probe();
    return pending;
  };
}
