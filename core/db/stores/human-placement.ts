/**
 * Where a human is (its areas, its location) and which profile is current are kept in step with the
 * current profile's row, as the previous generation did: areas and location are written to both, and
 * switching profile stores the human's areas/location in the profile it leaves and copies the new
 * profile's onto the human. This works out the row changes for one request; the store writes them.
 */
import { LookoutError } from '../../errors.ts';
import type { Human, Profile } from '../../model.ts';

export interface Placement {
  readonly area: readonly string[];
  readonly latitude: number;
  readonly longitude: number;
}

/** What one request changes about where the human is; every part optional. */
export interface PlacementChange {
  /** make this profile current (it must exist, even when it already is current) */
  readonly profileNo?: number;
  readonly location?: Pick<Placement, 'latitude' | 'longitude'>;
  readonly area?: readonly string[];
}

export interface ProfileWrite {
  readonly profileNo: number;
  readonly patch: Partial<Placement>;
}

export interface PlacementPlan {
  /** the human row's placement columns to set */
  readonly human: Partial<Placement> & { readonly currentProfileNo?: number };
  /** profile rows to update, in order */
  readonly profiles: readonly ProfileWrite[];
}

/** True when the change touches placement at all (else no profile needs reading). */
export function movesPlacement(change: PlacementChange): boolean {
  return change.profileNo !== undefined || change.location !== undefined || change.area !== undefined;
}

/**
 * The row changes for `change`, given the human as stored and its profiles among the current and the
 * requested one (by number). NOT_FOUND when the requested profile is not there.
 */
export function planPlacement(human: Human, profiles: ReadonlyMap<number, Profile>, change: PlacementChange): PlacementPlan {
  const writes: ProfileWrite[] = [];
  let row: PlacementPlan['human'] = {};
  let current = human.currentProfileNo;
  if (change.profileNo !== undefined) {
    const target = profiles.get(change.profileNo);
    if (!target) throw new LookoutError('NOT_FOUND', `profile ${change.profileNo} of ${human.id} not found`, { id: human.id, profileNo: change.profileNo });
    if (target.profileNo !== current) {
      if (profiles.has(current)) writes.push({ profileNo: current, patch: { area: human.area, latitude: human.latitude, longitude: human.longitude } });
      row = { currentProfileNo: target.profileNo, area: target.area, latitude: target.latitude, longitude: target.longitude };
      current = target.profileNo;
    }
  }
  const { location, area } = change;
  const mirrored: Partial<Placement> = {
    ...(location === undefined ? {} : { latitude: location.latitude, longitude: location.longitude }),
    ...(area === undefined ? {} : { area }),
  };
  if (Object.keys(mirrored).length > 0) {
    row = { ...row, ...mirrored };
    if (profiles.has(current)) writes.push({ profileNo: current, patch: mirrored });
  }
  return { human: row, profiles: writes };
}
