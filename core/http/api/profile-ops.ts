/**
 * Profile changes shared by the spec routes and the previous generation's: create-or-update (names unique per
 * human, a new profile starting from the human's areas and location, the current profile mirrored onto the
 * human), delete with its rules in every tracking table (profile 1 stays; deleting the current one switches
 * to 1, as the `profile` command does) and copying one profile's rules over another's.
 */
import { LookoutError } from '../../errors.ts';
import type { Human, Profile } from '../../model.ts';
import type { HumanApiDeps } from './deps.ts';
import { PROFILE_NOT_FOUND } from './human-ops.ts';

export interface ProfileInput {
  readonly profileNo?: number;
  readonly name?: string;
  readonly area?: readonly string[];
  readonly latitude?: number;
  readonly longitude?: number;
  /** JSON text, stored verbatim */
  readonly activeHours?: string;
}

export async function requireProfile(deps: HumanApiDeps, id: string, profileNo: number): Promise<Profile> {
  const profile = await deps.stores.profiles.get(id, profileNo);
  if (!profile) throw new LookoutError('NOT_FOUND', PROFILE_NOT_FOUND, { id, profileNo });
  return profile;
}

function checkNameFree(profiles: readonly Profile[], name: string | undefined, except: number | undefined): void {
  if (name === undefined) return;
  const taken = profiles.find((p) => p.profileNo !== except && p.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new LookoutError('CONFLICT', `profile name "${name}" is already used by profile ${taken.profileNo}`, { name });
}

/** Updates profile `profileNo` when it exists, else creates it (name required). */
export async function upsertProfile(deps: HumanApiDeps, human: Human, input: ProfileInput): Promise<{ profile: Profile; created: boolean }> {
  const { profiles, humans } = deps.stores;
  const all = await profiles.list(human.id);
  const existing = input.profileNo === undefined ? undefined : all.find((p) => p.profileNo === input.profileNo);
  checkNameFree(all, input.name, existing?.profileNo);
  if (existing) {
    const { name, area, latitude, longitude, activeHours } = input;
    const profile = await profiles.update(human.id, existing.profileNo, { name, area, latitude, longitude, activeHours });
    if (existing.profileNo === human.currentProfileNo && (area !== undefined || latitude !== undefined || longitude !== undefined)) {
      await humans.update(human.id, { area, latitude, longitude });
    }
    return { profile, created: false };
  }
  if (input.name === undefined || input.name.trim() === '') throw new LookoutError('BAD_REQUEST', 'name is required', { field: 'name' });
  const profile = await profiles.create({
    id: human.id,
    name: input.name,
    profileNo: input.profileNo,
    area: input.area ?? human.area,
    latitude: input.latitude ?? human.latitude,
    longitude: input.longitude ?? human.longitude,
    activeHours: input.activeHours,
  });
  return { profile, created: true };
}

/** Deletes the profile and its rules; returns how many rules went. */
export async function deleteProfile(deps: HumanApiDeps, human: Human, profileNo: number): Promise<number> {
  const { stores } = deps;
  await requireProfile(deps, human.id, profileNo);
  if (profileNo === 1) throw new LookoutError('CONFLICT', 'profile 1 cannot be deleted', { profileNo });
  let removed = 0;
  for (const table of stores.ruleTables) removed += await stores.rules.deleteAll(table, human.id, profileNo);
  await stores.profiles.delete(human.id, profileNo);
  if (profileNo === human.currentProfileNo) {
    const first = await stores.profiles.get(human.id, 1);
    await stores.humans.update(human.id, first ? { currentProfileNo: 1, area: first.area, latitude: first.latitude, longitude: first.longitude } : { currentProfileNo: 1 });
  }
  return removed;
}

/** Replaces every rule of profile `to` with copies of profile `from`'s; returns how many were copied. */
export async function copyProfile(deps: HumanApiDeps, human: Human, from: number, to: number): Promise<number> {
  const { rules, ruleTables } = deps.stores;
  await requireProfile(deps, human.id, from);
  await requireProfile(deps, human.id, to);
  if (from === to) throw new LookoutError('BAD_REQUEST', 'from and to must be different profiles', { from, to });
  let copied = 0;
  for (const table of ruleTables) {
    const source = await rules.list(table, human.id, from);
    await rules.deleteAll(table, human.id, to);
    const rows = source.map(({ uid: _uid, ...row }) => ({ ...row, profile_no: to }));
    copied += (await rules.insert(table, rows)).length;
  }
  return copied;
}
