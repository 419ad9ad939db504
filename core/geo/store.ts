/**
 * Holds the current geofence set (fences + R-tree + hashes), immutable, and replaces it on reload. Matching
 * reads `current` and keeps using the old set until a new one is completely built; a failed reload keeps
 * the old set.
 */
import { describeError, LookoutError } from '../errors.ts';
import type { Fence } from './fence.ts';
import { FenceIndex } from './fence-index.ts';
import { areaHashes, setHash } from './hash.ts';
import { loadGeofences, type GeofenceLoadOptions, type LoadResult } from './load.ts';

export interface GeofenceSet {
  readonly fences: readonly Fence[];
  readonly index: FenceIndex;
  /** changes exactly when the loaded data changes */
  readonly hash: string;
  /** name → md5 of JSON(path) */
  readonly areaHashes: Readonly<Record<string, string>>;
  readonly loadedAt: number;
}

export interface ReloadOutcome {
  /** the loaded data is now in use (swapped in, or identical to what was in use) */
  readonly ok: boolean;
  /** a new set was swapped in */
  readonly changed: boolean;
  /** hash of the set in use after the call */
  readonly hash: string;
  readonly errors: readonly LookoutError[];
}

export type GeofenceLoader = (options: GeofenceLoadOptions) => Promise<LoadResult>;

export function buildGeofenceSet(fences: readonly Fence[], hash: string = setHash(fences)): GeofenceSet {
  const frozen = Object.freeze([...fences]);
  return Object.freeze({ fences: frozen, index: new FenceIndex(frozen), hash, areaHashes: areaHashes(frozen), loadedAt: Date.now() });
}

export class GeofenceStore {
  private set: GeofenceSet = buildGeofenceSet([]);
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: GeofenceLoadOptions,
    private readonly loader: GeofenceLoader = loadGeofences,
  ) {}

  /** The set in use; take it once per event and use that object throughout. */
  get current(): GeofenceSet {
    return this.set;
  }

  get hash(): string {
    return this.set.hash;
  }

  /** First load: every entry that loads is used; broken entries are reported in `errors` (and logged). */
  start(): Promise<ReloadOutcome> {
    return this.enqueue(false);
  }

  /** Reloads all entries. All or nothing: if any entry or fence fails, the set in use is kept. */
  reload(): Promise<ReloadOutcome> {
    return this.enqueue(true);
  }

  /** Loads run one after another, so the last call always reflects the files as they are now. */
  private enqueue(strict: boolean): Promise<ReloadOutcome> {
    const run = this.queue.then(() => this.run(strict));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(strict: boolean): Promise<ReloadOutcome> {
    const log = this.options.log;
    let result: LoadResult;
    try {
      result = await this.loader(this.options);
    } catch (err) {
      const error = new LookoutError('INTERNAL', `geofence load failed: ${describeError(err)}`);
      log.error({ err }, 'geofence load failed; keeping the geofence set in use');
      return { ok: false, changed: false, hash: this.set.hash, errors: [error] };
    }
    if (strict && result.errors.length > 0) {
      log.error({ errors: result.errors.map((e) => e.message) }, 'geofence reload failed; keeping the geofence set in use');
      return { ok: false, changed: false, hash: this.set.hash, errors: result.errors };
    }
    const hash = setHash(result.fences);
    const changed = hash !== this.set.hash;
    if (changed) this.set = buildGeofenceSet(result.fences, hash);
    log.info({ fences: this.set.fences.length, hash, changed }, changed ? 'geofence set swapped in' : 'geofence set unchanged');
    return { ok: true, changed, hash, errors: result.errors };
  }
}
