/**
 * `profiles`: numbered rule sets per human, unique on (id, profile_no). Deleting a profile removes only its row;
 * removing its rules is `deleteRules` (tracking.ts), which the caller decides on.
 */
import type { Knex } from 'knex';
import { LookoutError } from '../../errors.ts';
import type { Profile } from '../../model.ts';
import { isUniqueViolation, parseStringArray, toNumber, toText } from '../codec.ts';

export interface NewProfile {
  readonly id: string;
  readonly name: string;
  /** omitted → the lowest free number (1, 2, …) */
  readonly profileNo?: number;
  readonly area?: readonly string[];
  readonly latitude?: number;
  readonly longitude?: number;
  /** raw JSON text, stored verbatim (default `[]`) */
  readonly activeHours?: string;
}

export type ProfilePatch = Partial<Pick<Profile, 'name' | 'area' | 'latitude' | 'longitude' | 'activeHours'>>;

type Row = Record<string, unknown>;

export function rowToProfile(row: Row): Profile {
  return {
    uid: toNumber(row.uid),
    id: toText(row.id),
    profileNo: toNumber(row.profile_no, 1),
    name: toText(row.name),
    area: parseStringArray(row.area),
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
    activeHours: toText(row.active_hours, '[]'),
  };
}

/** Columns for the fields present in the patch (undefined = leave alone). */
export function profilePatchRow(patch: ProfilePatch): Row {
  const row: Row = {
    name: patch.name,
    area: patch.area === undefined ? undefined : JSON.stringify(patch.area),
    latitude: patch.latitude,
    longitude: patch.longitude,
    active_hours: patch.activeHours,
  };
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** The smallest n ≥ 1 not in `used`. */
export function lowestFree(used: readonly number[]): number {
  const taken = new Set(used);
  let n = 1;
  while (taken.has(n)) n++;
  return n;
}

export class ProfileStore {
  constructor(private readonly knex: Knex) {}

  /** Inserts a profile; CONFLICT when (id, profile_no) exists. */
  async create(input: NewProfile): Promise<Profile> {
    try {
      const profileNo = await this.knex.transaction(async (trx) => {
        const used = (await trx('profiles').where({ id: input.id }).pluck('profile_no')) as unknown[];
        const no = input.profileNo ?? lowestFree(used.map((u) => toNumber(u)));
        const row = profilePatchRow({
          name: input.name,
          area: input.area ?? [],
          latitude: input.latitude ?? 0,
          longitude: input.longitude ?? 0,
          activeHours: input.activeHours ?? '[]',
        });
        await trx('profiles').insert({ ...row, id: input.id, profile_no: no });
        return no;
      });
      return this.require(input.id, profileNo);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const context = { id: input.id, profileNo: input.profileNo };
      throw new LookoutError('CONFLICT', `profile ${input.profileNo ?? '?'} of ${input.id} already exists`, context, { cause: err });
    }
  }

  async get(id: string, profileNo: number): Promise<Profile | null> {
    const row = (await this.knex('profiles').where({ id, profile_no: profileNo }).first()) as Row | undefined;
    return row ? rowToProfile(row) : null;
  }

  /** A human's profiles by number. */
  async list(id: string): Promise<Profile[]> {
    const rows = (await this.knex('profiles').where({ id }).orderBy('profile_no')) as Row[];
    return rows.map(rowToProfile);
  }

  /** Every profile, for the state snapshot. */
  async loadAll(): Promise<Profile[]> {
    const rows = (await this.knex('profiles').select('*').orderBy(['id', 'profile_no'])) as Row[];
    return rows.map(rowToProfile);
  }

  /** Updates the given fields; NOT_FOUND when the profile does not exist. */
  async update(id: string, profileNo: number, patch: ProfilePatch): Promise<Profile> {
    const row = profilePatchRow(patch);
    if (Object.keys(row).length > 0) await this.knex('profiles').where({ id, profile_no: profileNo }).update(row);
    return this.require(id, profileNo);
  }

  /** Removes the profile row only; false when it did not exist. */
  async delete(id: string, profileNo: number): Promise<boolean> {
    return (await this.knex('profiles').where({ id, profile_no: profileNo }).delete()) > 0;
  }

  private async require(id: string, profileNo: number): Promise<Profile> {
    const profile = await this.get(id, profileNo);
    if (!profile) throw new LookoutError('NOT_FOUND', `profile ${profileNo} of ${id} not found`, { id, profileNo });
    return profile;
  }
}
