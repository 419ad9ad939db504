/**
 * The scanner database lookups: fort names and nearby forts, each answered from an in-memory cache (bounded, with a
 * lifetime) or by one query that the caller waits for at most `boundMs` (150 ms by default). Whatever goes wrong —
 * the server refusing or unreachable, a missing table, a slow answer — the caller gets null or an empty list in
 * time, the failure is counted (lookout_scanner_lookups_total) and logged once per burst:
 * - an unreachable server (refused, lost, wrong credentials or database) stops all lookups; the first lookup after
 *   `retryMs` probes it again in the background;
 * - a failing or slow query (a missing `station` table, a locked table) rests that query only, after five failures
 *   in a row, for 30 s (core/enrich/failure-burst.ts);
 * - at most `maxInFlight` distinct queries run at once; the same lookup asked twice meanwhile shares one query.
 */
import type { Knex } from 'knex';
import type { ScannerType } from '../config/index.ts';
import { FailureBurst } from '../enrich/failure-burst.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { timeExternal } from '../metrics/external-call.ts';
import { SCANNER_POOL_MAX } from './connect.ts';
import { isUnreachable, reasonOf } from './errors.ts';
import { queryGymSearch, queryName, queryNearby, tableOf } from './schema.ts';
import { withinMs } from './time-bound.ts';
import { TtlCache } from './ttl-cache.ts';
import type { FortKind, GymSearch, LatLonBox, LookupOutcome, LookupQuery, NearbyFort, NearbyKind, ScannerDbLookup } from './types.ts';

export const DEFAULT_BOUND_MS = 150;
/** how long a command waits for a gym search: a person is waiting, not an alert */
export const SEARCH_BOUND_MS = 3000;
const PROBE_BOUND_MS = 5000;
const DEFAULT_RETRY_MS = 30_000;
const NAME_CACHE_SIZE = 20_000;
const NEARBY_CACHE_SIZE = 2_000;
/** a fort's name rarely changes */
const FOUND_TTL_MS = 60 * 60_000;
/** a fort the scanner does not know yet may be learned soon */
const MISSING_TTL_MS = 10 * 60_000;
/** gyms change teams and slots */
const NEARBY_TTL_MS = 5 * 60_000;

export interface ScannerDbOptions {
  readonly knex: Knex;
  readonly type: ScannerType;
  readonly log: Logger;
  readonly metrics?: Pick<Metrics, 'scannerLookups' | 'scannerDbUp' | 'externalCallSeconds'>;
  readonly now?: () => number;
  /** how long a caller waits for one lookup (ms) */
  readonly boundMs?: number;
  /** how long an unreachable server is left alone before a lookup probes it again (ms) */
  readonly retryMs?: number;
  /** distinct queries under way at once; more are answered "unavailable" */
  readonly maxInFlight?: number;
}

const NAME_QUERY: Readonly<Record<FortKind, LookupQuery>> = { pokestop: 'pokestop_name', gym: 'gym_name', station: 'station_name' };
const NEARBY_QUERY: Readonly<Record<NearbyKind, LookupQuery>> = { pokestop: 'nearby_pokestop', gym: 'nearby_gym' };

/** ids the scanners send for "no fort" */
function usableId(id: string): string | null {
  const trimmed = id.trim();
  return trimmed === '' || trimmed === 'None' ? null : trimmed;
}

function boxKey(box: LatLonBox): string {
  return [box.minLat, box.maxLat, box.minLon, box.maxLon].map((v) => v.toFixed(5)).join(',');
}

export class ScannerDb implements ScannerDbLookup {
  readonly scannerType: ScannerType;
  private readonly now: () => number;
  private readonly boundMs: number;
  private readonly retryMs: number;
  private readonly maxInFlight: number;
  private readonly names: TtlCache<string, string | null>;
  private readonly nearbyCache: TtlCache<string, readonly NearbyFort[]>;
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly bursts = new Map<LookupQuery, FailureBurst>();
  /** null while the server answers (or before it was tried); otherwise since when it does not */
  private downSince: number | null = null;
  private lastProbeAt = 0;
  private probing: Promise<boolean> | null = null;
  private reachedOnce = false;

  constructor(private readonly o: ScannerDbOptions) {
    this.scannerType = o.type;
    this.now = o.now ?? Date.now;
    this.boundMs = o.boundMs ?? DEFAULT_BOUND_MS;
    this.retryMs = o.retryMs ?? DEFAULT_RETRY_MS;
    this.maxInFlight = o.maxInFlight ?? SCANNER_POOL_MAX * 2;
    this.names = new TtlCache(NAME_CACHE_SIZE, this.now);
    this.nearbyCache = new TtlCache(NEARBY_CACHE_SIZE, this.now);
  }

  /** true while the server is known to be unreachable */
  get down(): boolean {
    return this.downSince !== null;
  }

  /**
   * Tries the server once (`select 1`) and checks the scanner's tables are there; resolves to whether it answered.
   * Never throws: an unreachable server is a warning, and lookups give nothing until a later probe succeeds.
   */
  probe(): Promise<boolean> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  stopName(id: string): Promise<string | null> {
    return this.name('pokestop', id);
  }

  gymName(id: string): Promise<string | null> {
    return this.name('gym', id);
  }

  stationName(id: string): Promise<string | null> {
    return this.name('station', id);
  }

  async nearby(kind: NearbyKind, box: LatLonBox, limit: number): Promise<readonly NearbyFort[]> {
    const table = tableOf(this.scannerType, kind);
    if (!table || limit < 1) return [];
    const key = `${kind}:${limit}:${boxKey(box)}`;
    return this.lookup(NEARBY_QUERY[kind], key, this.nearbyCache, [], () => queryNearby(this.o.knex, table, kind, box, Math.floor(limit)), () => NEARBY_TTL_MS, (forts) => forts.length > 0);
  }

  async findGyms(text: string, limit: number): Promise<GymSearch> {
    const table = tableOf(this.scannerType, 'gym');
    const wanted = text.trim();
    if (!table || wanted === '' || limit < 1) return { answered: true, byId: false, gyms: [] };
    if (this.down) {
      this.reprobeWhenDue();
      return this.counted('find_gym', 'unavailable', { answered: false });
    }
    const answer = await withinMs(this.timed(() => queryGymSearch(this.o.knex, table, wanted, Math.floor(limit))), SEARCH_BOUND_MS);
    if (answer.kind === 'value') {
      this.markUp();
      return this.counted('find_gym', answer.value.gyms.length > 0 ? 'found' : 'not_found', { answered: true, ...answer.value });
    }
    if (answer.kind === 'timeout') {
      this.o.log.warn({ query: 'find_gym', boundMs: SEARCH_BOUND_MS }, 'scanner database: gym search not answered in time');
      return this.counted('find_gym', 'timeout', { answered: false });
    }
    if (isUnreachable(answer.error)) this.markDown(answer.error);
    else this.o.log.warn({ query: 'find_gym', err: reasonOf(answer.error) }, 'scanner database: gym search failed');
    return this.counted('find_gym', 'error', { answered: false });
  }

  /** closes the pool */
  async stop(): Promise<void> {
    await this.o.knex.destroy();
  }

  private async name(kind: FortKind, rawId: string): Promise<string | null> {
    const table = tableOf(this.scannerType, kind);
    const id = usableId(rawId);
    if (!table || id === null) return null;
    const ttl = (name: string | null): number => (name === null ? MISSING_TTL_MS : FOUND_TTL_MS);
    return this.lookup(NAME_QUERY[kind], `${kind}:${id}`, this.names, null, () => queryName(this.o.knex, table, id), ttl, (name) => name !== null);
  }

  private async lookup<T>(
    query: LookupQuery,
    key: string,
    cache: TtlCache<string, T>,
    empty: T,
    fetch: () => Promise<T>,
    ttlOf: (value: T) => number,
    found: (value: T) => boolean,
  ): Promise<T> {
    const hit = cache.get(key);
    if (hit) return this.counted(query, 'cached', hit.value);
    if (this.down) {
      this.reprobeWhenDue();
      return this.counted(query, 'unavailable', empty);
    }
    const burst = this.burstOf(query);
    if (burst.blocked()) return this.counted(query, 'unavailable', empty);
    const pendingKey = `${query}:${key}`;
    let pending = this.pending.get(pendingKey) as Promise<T> | undefined;
    if (!pending) {
      if (this.pending.size >= this.maxInFlight) return this.counted(query, 'unavailable', empty);
      pending = this.timed(fetch).then((value) => {
        cache.set(key, value, ttlOf(value));
        return value;
      });
      this.pending.set(pendingKey, pending);
      const forget = (): void => void this.pending.delete(pendingKey);
      pending.then(forget, forget);
    }
    const answer = await withinMs(pending, this.boundMs);
    if (answer.kind === 'value') {
      burst.succeeded();
      this.markUp();
      return this.counted(query, found(answer.value) ? 'found' : 'not_found', answer.value);
    }
    if (answer.kind === 'timeout') {
      burst.failed(new Error(`no answer within ${this.boundMs} ms`), { query });
      return this.counted(query, 'timeout', empty);
    }
    if (isUnreachable(answer.error)) this.markDown(answer.error);
    else burst.failed(new Error(reasonOf(answer.error)), { query });
    return this.counted(query, 'error', empty);
  }

  /** one query, timed into lookout_external_call_seconds{service="scanner_db"} until it ends (also past the caller's bound) */
  private timed<T>(query: () => Promise<T>): Promise<T> {
    const { metrics } = this.o;
    return metrics ? timeExternal(metrics, 'scanner_db', query) : query();
  }

  private counted<T>(query: LookupQuery, outcome: LookupOutcome, value: T): T {
    this.o.metrics?.scannerLookups.inc({ query, outcome });
    return value;
  }

  private burstOf(query: LookupQuery): FailureBurst {
    let burst = this.bursts.get(query);
    if (!burst) {
      burst = new FailureBurst({ what: `scanner database lookup ${query}`, log: this.o.log, now: this.now });
      this.bursts.set(query, burst);
    }
    return burst;
  }

  private reprobeWhenDue(): void {
    if (this.probing || this.now() - this.lastProbeAt < this.retryMs) return;
    void this.probe();
  }

  private async runProbe(): Promise<boolean> {
    this.lastProbeAt = this.now();
    const answer = await withinMs(this.o.knex.raw('select 1 as ok'), PROBE_BOUND_MS);
    if (answer.kind === 'value') {
      const first = !this.reachedOnce;
      this.markUp();
      if (first) await this.reportMissingTables();
      return true;
    }
    this.markDown(answer.kind === 'timeout' ? new Error(`no answer within ${PROBE_BOUND_MS} ms`) : answer.error);
    return false;
  }

  private markUp(): void {
    if (this.downSince !== null) {
      this.o.log.info({ downForS: Math.round((this.now() - this.downSince) / 1000) }, 'scanner database answers again; names and nearby forts are looked up again');
    } else if (!this.reachedOnce) {
      this.o.log.info({ type: this.scannerType }, 'scanner database connected');
    }
    this.reachedOnce = true;
    this.downSince = null;
    this.o.metrics?.scannerDbUp.set(1);
  }

  private markDown(err: unknown): void {
    if (this.downSince === null) {
      this.o.log.warn(
        { err: reasonOf(err), retryInS: Math.round(this.retryMs / 1000) },
        'scanner database unreachable: alerts go out without the names and nearby forts it would give; tried again later',
      );
      this.downSince = this.now();
      this.lastProbeAt = this.now();
    }
    this.o.metrics?.scannerDbUp.set(0);
  }

  /** warns about the tables this scanner type should have and the database lacks (their lookups give nothing) */
  private async reportMissingTables(): Promise<void> {
    const wanted = (['pokestop', 'gym', 'station'] as const).map((kind) => tableOf(this.scannerType, kind)).filter((t): t is string => t !== null);
    const answer = await withinMs(
      this.o.knex('information_schema.tables').select('table_name as name').whereRaw('table_schema = database()').whereIn('table_name', wanted),
      PROBE_BOUND_MS,
    );
    if (answer.kind !== 'value') return;
    const present = new Set(answer.value.map((row: { name?: unknown }) => String(row.name).toLowerCase()));
    const missing = wanted.filter((t) => !present.has(t));
    if (missing.length > 0) {
      this.o.log.warn({ missing, type: this.scannerType }, 'scanner database lacks tables: their names and nearby forts are left out of alerts');
    }
  }
}
