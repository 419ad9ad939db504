/**
 * The steps of version 9 (profile_zero_to_one), in portable knex: the id sets are computed first, then each
 * table is updated by id lists (no multi-table UPDATE/DELETE, no INSERT/UPDATE IGNORE).
 *
 * Profile 0 was the default profile under a wrong number (a PoracleNG bug created humans on 0 while their
 * profile row was 1). A human with a real `profiles` row for 0 has a genuine profile 0 and is never touched.
 */
import type { Knex } from 'knex';
import { isUniqueViolation, toText } from '../codec.ts';
import { TRACKING_TABLES } from '../tables.ts';
import { chunked } from './helpers.ts';

export interface ProfileZeroPlan {
  /** humans on profile 0 without a real profile-0 row: get a profile 1 row and current_profile_no = 1 */
  readonly onZero: readonly string[];
  /** humans switched away from 0 that already have profile-1 rules: their profile-0 rules are dropped */
  readonly abandoned: readonly string[];
  /** every other id (orphans included) with profile-0 rules and no real profile-0 row: rules move to 1 */
  readonly moved: readonly string[];
}

export interface ProfileZeroCounts {
  readonly humans: number;
  readonly profilesCreated: number;
  readonly rulesDropped: number;
  readonly rulesMoved: number;
  /** profile-0 rules dropped because an identical profile-1 rule exists (legacy unique key) */
  readonly duplicatesDropped: number;
}

async function pluckIds(query: Knex.QueryBuilder): Promise<string[]> {
  return ((await query) as { id: unknown }[]).map((r) => toText(r.id));
}

/** Distinct ids having rules on that profile in any tracking table (only among `among` when given). */
async function idsWithRules(knex: Knex, profileNo: number, among?: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const slices: (readonly string[] | null)[] = among ? chunked(among) : [null];
  for (const table of TRACKING_TABLES) {
    for (const slice of slices) {
      const query = knex(table).distinct('id').where('profile_no', profileNo);
      if (slice) query.whereIn('id', slice);
      for (const id of await pluckIds(query)) out.add(id);
    }
  }
  return out;
}

/** Who is affected and how; reads only. Profile-1 rules are looked at before anything moves. */
export async function planProfileZero(knex: Knex): Promise<ProfileZeroPlan> {
  const realZero = new Set(await pluckIds(knex('profiles').distinct('id').where('profile_no', 0)));
  const onZero = (await pluckIds(knex('humans').select('id').where('current_profile_no', 0))).filter((id) => !realZero.has(id));
  const withZeroRules = [...(await idsWithRules(knex, 0))].filter((id) => !realZero.has(id));
  const switched: string[] = [];
  for (const slice of chunked(withZeroRules)) {
    switched.push(...(await pluckIds(knex('humans').select('id').whereIn('id', slice).whereNot('current_profile_no', 0))));
  }
  const withOneRules = await idsWithRules(knex, 1, switched);
  const abandoned = new Set(switched.filter((id) => withOneRules.has(id)));
  return { onZero, abandoned: [...abandoned], moved: withZeroRules.filter((id) => !abandoned.has(id)) };
}

/** Gives every human of `ids` a profile 1 row (copied from humans) and copies humans' area/location into it. */
export async function ensureProfileOne(knex: Knex, ids: readonly string[]): Promise<number> {
  let created = 0;
  const fromHuman = (column: string) => knex('humans').select(column).where('humans.id', knex.ref('profiles.id'));
  for (const slice of chunked(ids)) {
    const existing = new Set(await pluckIds(knex('profiles').select('id').where('profile_no', 1).whereIn('id', slice)));
    const missing = slice.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      const columns = ['id', 'profile_no', 'name', 'area', 'latitude', 'longitude'];
      const source = knex('humans').select('id', knex.raw('1'), 'name', 'area', 'latitude', 'longitude').whereIn('id', missing);
      await knex.into(knex.raw(`?? (${columns.map(() => '??').join(', ')})`, ['profiles', ...columns])).insert(source);
      created += missing.length;
    }
    await knex('profiles').where('profile_no', 1).whereIn('id', slice)
      .update({ area: fromHuman('area'), latitude: fromHuman('latitude'), longitude: fromHuman('longitude') });
  }
  return created;
}

/** Deletes the profile-0 rules of `ids` in every tracking table. */
export async function dropProfileZeroRules(knex: Knex, ids: readonly string[]): Promise<number> {
  let dropped = 0;
  for (const table of TRACKING_TABLES) {
    for (const slice of chunked(ids)) dropped += await knex(table).where('profile_no', 0).whereIn('id', slice).delete();
  }
  return dropped;
}

/** Row by row, for a slice whose bulk move hit a unique key: a colliding profile-0 rule is deleted. */
async function moveRowByRow(knex: Knex, table: string, slice: readonly string[]): Promise<{ moved: number; duplicates: number }> {
  let moved = 0;
  let duplicates = 0;
  const uids = (await knex(table).where('profile_no', 0).whereIn('id', slice).pluck('uid')) as unknown[];
  for (const uid of uids) {
    try {
      moved += await knex(table).where({ uid }).update({ profile_no: 1 });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      duplicates += await knex(table).where({ uid }).delete();
    }
  }
  return { moved, duplicates };
}

/** Moves the profile-0 rules of `ids` to profile 1 in every tracking table. */
export async function moveProfileZeroRules(knex: Knex, ids: readonly string[]): Promise<{ moved: number; duplicates: number }> {
  const total = { moved: 0, duplicates: 0 };
  for (const table of TRACKING_TABLES) {
    for (const slice of chunked(ids)) {
      try {
        total.moved += await knex(table).where('profile_no', 0).whereIn('id', slice).update({ profile_no: 1 });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const done = await moveRowByRow(knex, table, slice);
        total.moved += done.moved;
        total.duplicates += done.duplicates;
      }
    }
  }
  return total;
}

/** Points the humans of `ids` that are still on profile 0 at profile 1. */
export async function switchToProfileOne(knex: Knex, ids: readonly string[]): Promise<number> {
  let switched = 0;
  for (const slice of chunked(ids)) {
    switched += await knex('humans').where('current_profile_no', 0).whereIn('id', slice).update({ current_profile_no: 1 });
  }
  return switched;
}
