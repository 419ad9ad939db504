/**
 * Which remembered pokemon of a cell changed their weather boost with the cell's change — boosted under the
 * old condition but not the new one, or the other way round — as a pure function over the game data.
 */
import type { GameData } from '../../core/gamedata/index.ts';
import type { CellSighting } from './event.ts';

function boostedBy(gameData: GameData, sighting: CellSighting, condition: number | null): boolean {
  if (!condition) return false;
  const boosted = new Set(gameData.weather(condition).boostedTypes.map((t) => t.id));
  return gameData.pokemon(sighting.pokemonId, sighting.form).types.some((t) => boosted.has(t.id));
}

/** The sightings whose boost differs between `oldCondition` and `newCondition`, at most `maxCount` (0 = none). */
export function alteredSightings(
  gameData: GameData,
  sightings: readonly CellSighting[],
  oldCondition: number | null,
  newCondition: number,
  maxCount: number,
): CellSighting[] {
  if (maxCount <= 0) return [];
  const altered: CellSighting[] = [];
  for (const s of sightings) {
    if (boostedBy(gameData, s, oldCondition) === boostedBy(gameData, s, newCondition)) continue;
    altered.push(s);
    if (altered.length >= maxCount) break;
  }
  return altered;
}
