/**
 * The encounters change tracking remembers (`[tracking] pokemon_change_tracking`): per encounter id, its last
 * sighting (what the next one is compared with) and the sighting its recipients were last told about (the
 * `original.*` of a `monsterChanged` alert). An encounter is remembered once an alert about it reached someone
 * (`remember`); later sightings of it are compared whether or not they match anyone (`compare`), so its first
 * recipients hear of a change. O(1) per sighting.
 *
 * Bounded: an entry is forgotten five minutes after its despawn (an hour after it was remembered when the despawn is
 * unknown) — each new entry drops up to two expired ones from the oldest end, and a sighting of an expired one drops
 * it, so no sweep ever walks the whole memory — and beyond `capacity` the oldest remembered goes first. A sighting
 * of an encounter not remembered costs one map look-up.
 */
import { classifyChange, isDowngrade, type ChangeKind, type EncounterState } from './encounter-change.ts';

/** A change of one encounter: what it is, and the sighting its recipients were told about before. */
export interface EncounterChange {
  readonly kind: ChangeKind;
  readonly original: EncounterState;
}

interface Entry {
  /** the last sighting (compared with the next one) */
  last: EncounterState;
  /** the sighting of the last alert: the first one, or the last change */
  told: EncounterState;
  /** unix ms after which the entry is forgotten */
  readonly until: number;
}

/** kept past the despawn, for a late re-send */
const AFTER_DESPAWN_MS = 5 * 60_000;
/** kept this long when the despawn is unknown */
const UNKNOWN_DESPAWN_MS = 60 * 60_000;
const identity = (state: EncounterState): EncounterState => state;

/** expired entries dropped from the oldest end per new entry */
const DROP_PER_ENTRY = 2;

/** Until when an encounter (and the messages about it) is worth remembering: unix ms. */
export function rememberUntil(disappearTime: number, nowMs: number): number {
  return disappearTime > 0 ? disappearTime * 1000 + AFTER_DESPAWN_MS : nowMs + UNKNOWN_DESPAWN_MS;
}

export class EncounterMemory {
  /** in the order remembered, so the first entry is the one to forget */
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * A new sighting of an encounter: the change since the last one, when it is remembered and something changed
   * (the sighting then becomes what its recipients were told about); null otherwise.
   */
  compare(encounterId: string, state: EncounterState, nowMs: number): EncounterChange | null {
    return this.compareWith(encounterId, state, identity, nowMs);
  }

  /** `compare`, reading the sighting's state from `sighting` only when the encounter is remembered (no allocation otherwise) */
  compareWith<S>(encounterId: string, sighting: S, stateOf: (sighting: S) => EncounterState, nowMs: number): EncounterChange | null {
    const entry = this.entries.get(encounterId);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(encounterId);
      return null;
    }
    const state = stateOf(sighting);
    const kind = classifyChange(entry.last, state);
    if (kind) {
      const original = entry.told;
      entry.last = state;
      entry.told = state;
      return { kind, original };
    }
    // a wild re-scan without IVs would make the next encounter look like a new one
    if (!isDowngrade(entry.last, state)) entry.last = state;
    return null;
  }

  /** An alert about the sighting reached someone: the encounter is remembered from now on (kept as it is when already). */
  remember(encounterId: string, state: EncounterState, disappearTime: number, nowMs: number): void {
    if (this.capacity <= 0 || this.entries.has(encounterId)) return;
    this.dropExpired(nowMs);
    this.entries.set(encounterId, { last: state, told: state, until: rememberUntil(disappearTime, nowMs) });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** drops a few expired entries from the oldest end (remembered first, so usually despawned first) */
  private dropExpired(nowMs: number): void {
    for (let i = 0; i < DROP_PER_ENTRY; i++) {
      const oldest = this.entries.entries().next().value;
      if (!oldest || oldest[1].until > nowMs) return;
      this.entries.delete(oldest[0]);
    }
  }
}
