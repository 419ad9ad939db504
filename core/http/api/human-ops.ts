/**
 * Changes to a human that keep its current profile in step, as the chat commands do: areas and location are
 * written to both, and switching profile stores the human's areas/location in the profile it leaves and
 * copies the new profile's onto the human.
 */
import { LookoutError } from '../../errors.ts';
import type { Human } from '../../model.ts';
import type { HumanApiDeps } from './deps.ts';

export const USER_NOT_FOUND = 'User not found';
export const PROFILE_NOT_FOUND = 'Profile not found';

export async function requireHuman(deps: Pick<HumanApiDeps, 'stores'>, id: string): Promise<Human> {
  const human = await deps.stores.humans.get(id);
  if (!human) throw new LookoutError('NOT_FOUND', USER_NOT_FOUND, { id });
  return human;
}

async function hasCurrentProfile(deps: HumanApiDeps, human: Human): Promise<boolean> {
  return (await deps.stores.profiles.get(human.id, human.currentProfileNo)) !== null;
}

export async function saveAreas(deps: HumanApiDeps, human: Human, area: readonly string[]): Promise<Human> {
  const updated = await deps.stores.humans.update(human.id, { area });
  if (await hasCurrentProfile(deps, human)) await deps.stores.profiles.update(human.id, human.currentProfileNo, { area });
  return updated;
}

export async function saveLocation(deps: HumanApiDeps, human: Human, latitude: number, longitude: number): Promise<Human> {
  const updated = await deps.stores.humans.update(human.id, { latitude, longitude });
  if (await hasCurrentProfile(deps, human)) await deps.stores.profiles.update(human.id, human.currentProfileNo, { latitude, longitude });
  return updated;
}

/** Makes `profileNo` current; 404 when the human has no such profile. */
export async function switchProfile(deps: HumanApiDeps, human: Human, profileNo: number): Promise<Human> {
  const { profiles, humans } = deps.stores;
  const target = await profiles.get(human.id, profileNo);
  if (!target) throw new LookoutError('NOT_FOUND', PROFILE_NOT_FOUND, { id: human.id, profileNo });
  if (profileNo === human.currentProfileNo) return human;
  if (await hasCurrentProfile(deps, human)) {
    await profiles.update(human.id, human.currentProfileNo, { area: human.area, latitude: human.latitude, longitude: human.longitude });
  }
  return humans.update(human.id, { currentProfileNo: profileNo, area: target.area, latitude: target.latitude, longitude: target.longitude });
}
