/**
 * `move:<name>` of the raid command: a move by its name in the user's language or English (case, accents and
 * punctuation ignored) or by its id.
 */
import { normalizeName, type GameData } from '../../../core/gamedata/index.ts';
import { readInteger } from '../../../core/commands/tracking/index.ts';

/** move ids are looked up by scanning up to this id (the game's move ids stay well below it) */
const HIGHEST_MOVE_ID = 2000;

export function resolveMove(text: string, gameData: GameData, language: string): number | null {
  const id = readInteger(text);
  if (id !== null) return id > 0 && gameData.move(id).known ? id : null;
  const wanted = normalizeName(text);
  for (let candidate = 1; candidate <= HIGHEST_MOVE_ID; candidate++) {
    const move = gameData.move(candidate);
    if (!move.known) continue;
    if (normalizeName(move.name) === wanted || normalizeName(gameData.moveName(candidate, language)) === wanted) return candidate;
  }
  return null;
}
