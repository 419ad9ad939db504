/**
 * `named_locations`: a human's saved locations. Labels are trimmed, then compared exactly (case-sensitive) on
 * both engines; a label is unique per human (CONFLICT on a duplicate).
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

const MAX_LABEL_CHARS = 255;

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

function conflict(humanId: string, label: string, err: unknown): LookoutError {
  return new LookoutError('CONFLICT', `location "${label}" already exists for ${humanId}`, { humanId, label }, { cause: err });
}

export class LocationStore {
  constructor(private readonly knex: Knex) {}

  /** Saves a location; CONFLICT when the human already has that label. */
  async create(input: NewLocation): Promise<NamedLocation> {
    const label = normaliseLabel(input.label);
    try {
      await this.knex('named_locations').insert({ id: input.humanId, label, latitude: input.latitude, longitude: input.longitude });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(input.humanId, label, err);
      throw err;
    }
    return this.require(input.humanId, label);
  }

  async get(humanId: string, label: string): Promise<NamedLocation | null> {
    const row = (await this.knex('named_locations').where({ id: humanId, label: label.trim() }).first()) as Row | undefined;
    return row ? rowToLocation(row) : null;
  }

  /** A human's locations by label. */
  async list(humanId: string): Promise<NamedLocation[]> {
    const rows = (await this.knex('named_locations').where({ id: humanId }).orderBy('label')) as Row[];
    return rows.map(rowToLocation);
  }

  /** Every location, for the state snapshot. */
  async loadAll(): Promise<NamedLocation[]> {
    const rows = (await this.knex('named_locations').select('*').orderBy(['id', 'label'])) as Row[];
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
      await this.knex('named_locations').where({ uid: current.uid }).update(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(humanId, next, err);
      throw err;
    }
    return this.require(humanId, next);
  }

  /** Removes a location; false when it did not exist. */
  async delete(humanId: string, label: string): Promise<boolean> {
    return (await this.knex('named_locations').where({ id: humanId, label: label.trim() }).delete()) > 0;
  }

  private async require(humanId: string, label: string): Promise<NamedLocation> {
    const location = await this.get(humanId, label);
    if (!location) throw new LookoutError('NOT_FOUND', `location "${label}" not found for ${humanId}`, { humanId, label });
    return location;
  }
}
