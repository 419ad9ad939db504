/**
 * What the generic commands share about the human they act for: the target itself (always set for commands
 * that need registration), and writing its areas and location to the human and to its current profile
 * together, as the previous generation kept them in step.
 */
import { LookoutError } from '../../errors.ts';
import type { Human } from '../../model.ts';
import type { CommandInvocation } from '../types.ts';

/** The target of a command that requires registration (the framework guarantees it). */
export function targetOf(invocation: CommandInvocation): Human {
  if (!invocation.target) throw new LookoutError('INTERNAL', `command ${invocation.name} ran without a target`, { command: invocation.name });
  return invocation.target;
}

async function currentProfileExists(invocation: CommandInvocation, human: Human): Promise<boolean> {
  return (await invocation.services.stores.profiles.get(human.id, human.currentProfileNo)) !== null;
}

/** Sets the human's areas and those of its current profile (when that profile has a row). */
export async function saveAreas(invocation: CommandInvocation, human: Human, areas: readonly string[]): Promise<Human> {
  const { humans, profiles } = invocation.services.stores;
  const updated = await humans.update(human.id, { area: areas });
  if (await currentProfileExists(invocation, human)) await profiles.update(human.id, human.currentProfileNo, { area: areas });
  return updated;
}

/** Sets the human's location and that of its current profile (when that profile has a row). */
export async function saveLocation(invocation: CommandInvocation, human: Human, latitude: number, longitude: number): Promise<Human> {
  const { humans, profiles } = invocation.services.stores;
  const updated = await humans.update(human.id, { latitude, longitude });
  if (await currentProfileExists(invocation, human)) await profiles.update(human.id, human.currentProfileNo, { latitude, longitude });
  return updated;
}
