/**
 * Changes to a human that keep its current profile in step, as the chat commands do: areas and location are
 * written to both, and switching profile stores the human's areas/location in the profile it leaves and
 * copies the new profile's onto the human. Each is one store call in one transaction (HumanStore.changeSettings).
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

/** 404 Profile not found unless the human has profile `profileNo`. */
export async function requireProfile(deps: Pick<HumanApiDeps, 'stores'>, human: Human, profileNo: number): Promise<void> {
  if (!(await deps.stores.profiles.get(human.id, profileNo))) throw new LookoutError('NOT_FOUND', PROFILE_NOT_FOUND, { id: human.id, profileNo });
}

export function saveAreas(deps: HumanApiDeps, human: Human, area: readonly string[]): Promise<Human> {
  return deps.stores.humans.changeSettings(human.id, { area });
}

export function saveLocation(deps: HumanApiDeps, human: Human, latitude: number, longitude: number): Promise<Human> {
  return deps.stores.humans.changeSettings(human.id, { location: { latitude, longitude } });
}

/** Makes `profileNo` current; 404 when the human has no such profile. */
export async function switchProfile(deps: HumanApiDeps, human: Human, profileNo: number): Promise<Human> {
  await requireProfile(deps, human, profileNo);
  if (profileNo === human.currentProfileNo) return human;
  return deps.stores.humans.changeSettings(human.id, { profileNo });
}
