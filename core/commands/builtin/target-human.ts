/**
 * What the generic commands share about the human they act for: the target itself (always set for commands
 * that need registration), and writing its areas and location to the human and to its current profile
 * together (one transaction, HumanStore.changeSettings), as the previous generation kept them in step.
 */
import { LookoutError } from '../../errors.ts';
import type { Human } from '../../model.ts';
import type { CommandInvocation } from '../types.ts';

/** The target of a command that requires registration (the framework guarantees it). */
export function targetOf(invocation: CommandInvocation): Human {
  if (!invocation.target) throw new LookoutError('INTERNAL', `command ${invocation.name} ran without a target`, { command: invocation.name });
  return invocation.target;
}

/** Sets the human's areas and those of its current profile (when that profile has a row), in one transaction. */
export function saveAreas(invocation: CommandInvocation, human: Human, areas: readonly string[]): Promise<Human> {
  return invocation.services.stores.humans.changeSettings(human.id, { area: areas });
}

/** Sets the human's location and that of its current profile (when that profile has a row), in one transaction. */
export function saveLocation(invocation: CommandInvocation, human: Human, latitude: number, longitude: number): Promise<Human> {
  return invocation.services.stores.humans.changeSettings(human.id, { location: { latitude, longitude } });
}
