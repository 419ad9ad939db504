/**
 * Compares a gym's new state with the last known one: team change, slot change, battle start. Pure.
 */
import type { GymChange, GymState } from './event.ts';

export function gymChange(previous: GymState | undefined, now: GymState): GymChange | null {
  if (!previous) return null;
  return {
    previous,
    teamChanged: previous.team !== now.team,
    slotsChanged: previous.slotsAvailable !== now.slotsAvailable,
    battleStarted: now.inBattle && !previous.inBattle,
  };
}
