/**
 * `user_locations` (PoracleNG's table): a human's saved locations, referenced by rules as `location:<label>`.
 * Labels are trimmed, at most 64 characters, unique per human (CONFLICT on a duplicate) and matched exactly
 * (case- and accent-sensitive) on both engines — also on a PoracleNG-created table whose collation folds case,
 * where a label differing only in case still counts as taken.
 */
import type { Knex } from 'knex';
import { LookoutError } from '../../errors.ts';
import type { NamedLocation } from '../../model.ts';
import { isUniqueViolation, toNumber, toText } from '../codec.ts';

export interface NewLocation {
  readonly humanId: string;
  readonly label: string;
  readonly latitude: number;
  readonly longitude: number;
}

export type LocationPatch = Partial<Pick<NamedLocation, 'label' | 'latitude' | 'longitude'>>;

type Row = Record<string, unknown>;

const TABLE = 'user_locations';
/** user_locations.label is varchar(64) */
export const MAX_LABEL_CHARS = 64;

export function rowToLocation(row: Row): NamedLocation {
  return {
    uid: toNumber(row.uid),
    humanId: toText(row.id),
    label: toText(row.label),
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
  };
}

/** Trimmed label; BAD_REQUEST when empty or longer than the column. */
export function normaliseLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed === '' || [...trimmed].length > MAX_LABEL_CHARS) {
    throw new LookoutError('BAD_REQUEST', `a location label needs 1 to ${MAX_LABEL_CHARS} characters`, { label });
  }
  return trimmed;
}

/** CONFLICT for a taken label; BAD_REQUEST for an id too long for the column (PoracleNG's is varchar(50)). */
function writeError(humanId: string, label: string, err: unknown): unknown {
  if (isUniqueViolation(err)) {
    return new LookoutError('CONFLICT', `location "${label}" already exists for ${humanId}`, { humanId, label }, { cause: err });
  }
  if ((err as { code?: unknown } | null)?.code === 'ER_DATA_TOO_LONG') {
    return new LookoutError('BAD_REQUEST', `id ${humanId} is too long for this database's user_locations table`, { humanId }, { cause: err });
  }
  return err;
}

export class LocationStore {
  constructor(private readonly knex: Knex) {}

  /** Saves a location; CONFLICT when the human already has that label. */
  async create(input: NewLocation): Promise<NamedLocation> {
    const label = normaliseLabel(input.label);
    try {
      await this.knex(TABLE).insert({ id: input.humanId, label, latitude: input.latitude, longitude: input.longitude });
    } catch (err) {
      throw writeError(input.humanId, label, err);
    }
    return this.require(input.humanId, label);
  }

  async get(humanId: string, label: string): Promise<NamedLocation | null> {
    const wanted = label.trim();
    // the column's collation may fold case/accents (a PoracleNG table): compare exactly here
    const rows = (await this.knex(TABLE).where({ id: humanId, label: wanted })) as Row[];
    const row = rows.find((r) => toText(r.label) === wanted);
    return row ? rowToLocation(row) : null;
  }

  /** A human's locations by label. */
  async list(humanId: string): Promise<NamedLocation[]> {
    const rows = (await this.knex(TABLE).where({ id: humanId }).orderBy('label')) as Row[];
    return rows.map(rowToLocation);
  }

  /** Every location, for the state snapshot. */
  async loadAll(): Promise<NamedLocation[]> {
    const rows = (await this.knex(TABLE).select('*').orderBy(['id', 'label'])) as Row[];
    return rows.map(rowToLocation);
  }

  /** Renames and/or moves a location; NOT_FOUND when missing, CONFLICT when the new label is taken. */
  async update(humanId: string, label: string, patch: LocationPatch): Promise<NamedLocation> {
    const current = await this.require(humanId, label);
    const next = patch.label === undefined ? current.label : normaliseLabel(patch.label);
    const row: Row = { label: next };
    if (patch.latitude !== undefined) row.latitude = patch.latitude;
    if (patch.longitude !== undefined) row.longitude = patch.longitude;
    try {
      await this.knex(TABLE).where({ uid: current.uid }).update(row);
    } catch (err) {
      throw writeError(humanId, next, err);
    }
    return this.require(humanId, next);
  }

  /** Removes a location; false when it did not exist. */
  async delete(humanId: string, label: string): Promise<boolean> {
    const location = await this.get(humanId, label);
    return location !== null && (await this.knex(TABLE).where({ uid: location.uid }).delete()) > 0;
  }

  private async require(humanId: string, label: string): Promise<NamedLocation> {
    const location = await this.get(humanId, label);
    if (!location) throw new LookoutError('NOT_FOUND', `location "${label}" not found for ${humanId}`, { humanId, label });
    return location;
  }
}
