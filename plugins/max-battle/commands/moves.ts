/**
 * `move:<name>`: a move by its id, or its name in the user's language or English (case, accents and
 * punctuation ignored).
 */
import { normalizeName, type GameData } from '../../../core/gamedata/index.ts';
import { readInteger } from '../../../core/commands/tracking/index.ts';

/** move ids are searched up to this id; the game's move ids stay well below it */
const MOVE_ID_LIMIT = 2000;

export function findMove(text: string, gameData: GameData, language: string): number | null {
  const asId = readInteger(text);
  if (asId !== null) return asId > 0 && gameData.move(asId).known ? asId : null;
  const wanted = normalizeName(text);
  for (let id = 1; id <= MOVE_ID_LIMIT; id++) {
    if (!gameData.move(id).known) continue;
    if (normalizeName(gameData.move(id).name) === wanted || normalizeName(gameData.moveName(id, language)) === wanted) return id;
  }
  return null;
}
