/**
 * The weather forecast of the weather cells sightings are in: `at()` answers from memory at once with the
 * forecast conditions of the current and the next hour, and when the cell has no forecast for the next hour or
 * its forecast is due again (schedule.ts), starts a fetch in the background (location key once per cell, then
 * the 12-hour forecast: two calls the first time, one after) — an alert never waits for the provider. A cell is
 * tried at most once an hour, whatever the outcome. Keys rotate with a daily quota (key-pool.ts); a refused key
 * is left out for the day, and with every key used up no call is made until UTC midnight. What is learned is
 * written to the disk cache (cache-file.ts) and read back at start, before any fetch.
 */
import { describeError } from '../errors.ts';
import { timeZoneAt } from '../enrich/time-zone.ts';
import { weatherCellId } from '../geo/s2-cell.ts';
import type { Logger } from '../log/logger.ts';
import { ForecastCallError, type ForecastProvider } from './accuweather.ts';
import { readForecastCache, writeForecastCache, type CellForecast } from './cache-file.ts';
import { gameCondition } from './conditions.ts';
import { KeyPool, keyFingerprint } from './key-pool.ts';
import { nextRefresh, type RefreshSchedule } from './schedule.ts';

const HOUR_MS = 3_600_000;

/** The forecast game conditions of a cell (0: not known). */
export interface HourPair {
  readonly current: number;
  readonly next: number;
}

/** What plugins read: never waits, never throws. */
export interface WeatherForecast {
  /** the current and next hour's forecast conditions at the point; null when neither is known (a fetch may start) */
  at(latitude: number, longitude: number, nowMs: number): HourPair | null;
  /** as `at`, but never starts a fetch (previews: a test webhook spends no quota) */
  known(latitude: number, longitude: number, nowMs: number): HourPair | null;
}

export interface ForecastServiceOptions {
  readonly provider: ForecastProvider;
  readonly apiKeys: readonly string[];
  /** calls per key per UTC day */
  readonly dayQuota: number;
  readonly schedule: RefreshSchedule;
  /** the disk cache's path */
  readonly cacheFile: string;
  readonly log: Logger;
  readonly now?: () => number;
}

export class ForecastService implements WeatherForecast {
  private readonly now: () => number;
  private readonly log: Logger;
  private cells = new Map<string, CellForecast>();
  private pool: KeyPool;
  private loaded = false;
  private readonly running = new Set<Promise<void>>();
  private saving: Promise<void> = Promise.resolve();
  private warnedHour = -1;
  readonly ready: Promise<void>;

  constructor(private readonly options: ForecastServiceOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.pool = new KeyPool(options.apiKeys, options.dayQuota, null);
    this.ready = this.load();
  }

  private async load(): Promise<void> {
    const { cache, problem } = await readForecastCache(this.options.cacheFile);
    if (problem) this.log.warn({ file: this.options.cacheFile, reason: problem }, 'weather forecast: cache unreadable; starting without it');
    this.cells = cache.cells;
    this.pool = new KeyPool(this.options.apiKeys, this.options.dayQuota, cache.keys);
    this.loaded = true;
  }

  at(latitude: number, longitude: number, nowMs: number): HourPair | null {
    return this.read(latitude, longitude, nowMs, true);
  }

  known(latitude: number, longitude: number, nowMs: number): HourPair | null {
    return this.read(latitude, longitude, nowMs, false);
  }

  private read(latitude: number, longitude: number, nowMs: number, fetchWhenDue: boolean): HourPair | null {
    if (!this.loaded || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    const cellId = weatherCellId(latitude, longitude);
    const hourStart = nowMs - (nowMs % HOUR_MS);
    const cell = this.cells.get(cellId);
    if (fetchWhenDue && this.due(cell, hourStart)) this.track(this.refresh(cellId, latitude, longitude, hourStart));
    if (!cell) return null;
    const current = cell.hours[String(hourStart / 1000)] ?? 0;
    const next = cell.hours[String(hourStart / 1000 + 3600)] ?? 0;
    return current === 0 && next === 0 ? null : { current, next };
  }

  /** resolves once every fetch started so far and the cache writes after them are done (for tests and shutdown) */
  async settled(): Promise<void> {
    await this.ready;
    while (this.running.size > 0) await Promise.all([...this.running]);
    await this.saving;
  }

  private due(cell: CellForecast | undefined, hourStart: number): boolean {
    if (!cell) return true;
    if (cell.triedHour === hourStart) return false;
    return cell.hours[String(hourStart / 1000 + 3600)] === undefined || cell.refreshAt <= hourStart;
  }

  private track(work: Promise<void>): void {
    const done = work.catch((err: unknown) => this.log.error({ reason: describeError(err) }, 'weather forecast: fetch failed unexpectedly')).finally(() => this.running.delete(done));
    this.running.add(done);
  }

  private async refresh(cellId: string, latitude: number, longitude: number, hourStart: number): Promise<void> {
    let cell = this.cells.get(cellId);
    if (!cell) {
      cell = { location: null, hours: {}, refreshAt: 0, triedHour: hourStart };
      this.cells.set(cellId, cell);
    }
    cell.triedHour = hourStart;
    try {
      if (cell.location === null) {
        const location = await this.call(cellId, (key) => this.options.provider.locationKey(latitude, longitude, key));
        if (location === null) return;
        cell.location = location;
      }
      const location = cell.location;
      const entries = await this.call(cellId, (key) => this.options.provider.hourly(location, key));
      if (entries === null) return;
      const firstHour = hourStart / 1000;
      const hours: Record<string, number> = {};
      for (const [hour, condition] of Object.entries(cell.hours)) if (Number(hour) >= firstHour - 3600) hours[hour] = condition;
      for (const entry of entries) {
        const hour = entry.EpochDateTime - (entry.EpochDateTime % 3600);
        if (hour >= firstHour) hours[String(hour)] = gameCondition(entry);
      }
      cell.hours = hours;
      cell.refreshAt = nextRefresh(this.options.schedule, this.now(), timeZoneAt(latitude, longitude));
      this.log.verbose({ cell: cellId, hours }, 'weather forecast: fetched');
    } finally {
      this.save();
    }
  }

  /** One provider call with the laziest key, going on to the next key when one is refused; null when no call succeeded. */
  private async call<T>(cellId: string, request: (key: string) => Promise<T>): Promise<T | null> {
    for (;;) {
      const key = this.pool.take(this.now());
      if (key === null) {
        this.warnOncePerHour(cellId);
        return null;
      }
      try {
        return await request(key);
      } catch (err) {
        if (err instanceof ForecastCallError && (err.keyRefused || err.keyExhausted)) {
          this.pool.bench(key, this.now());
          this.log.warn({ key: keyFingerprint(key), status: err.status }, `weather forecast: the provider ${err.keyRefused ? 'refused a key' : 'says a key is used up'}; it is left out until UTC midnight`);
          continue;
        }
        this.log.warn({ cell: cellId, reason: describeError(err) }, 'weather forecast: provider call failed; alerts go without the forecast, the cell is tried again next hour');
        return null;
      }
    }
  }

  private warnOncePerHour(cellId: string): void {
    const hour = Math.floor(this.now() / HOUR_MS);
    if (hour === this.warnedHour) return;
    this.warnedHour = hour;
    this.log.warn({ cell: cellId, keys: this.pool.size, dayQuota: this.options.dayQuota }, 'weather forecast: no API key has calls left today (forecast_day_quota); no calls until UTC midnight');
  }

  private save(): void {
    const keys = this.pool.snapshot();
    this.saving = this.saving
      .then(() => writeForecastCache(this.options.cacheFile, keys, this.cells))
      .catch((err: unknown) => this.log.warn({ file: this.options.cacheFile, reason: describeError(err) }, 'weather forecast: cache not written'));
  }
}
