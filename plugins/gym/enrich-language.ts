/**
 * Gym template variables that depend on the recipient's language and the platform: team names and the team
 * emoji.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { GymEvent } from './event.ts';

export function gymLanguageView(event: GymEvent, gameData: GameData, scope: ViewScope): View {
  const { language, platform } = scope;
  const previous = event.change?.teamChanged ? event.change.previous.team : null;
  return {
    teamName: gameData.teamName(event.state.team, language),
    teamEmoji: gameData.emoji(gameData.team(event.state.team).emojiKey, platform),
    previousControlName: previous !== null ? gameData.teamName(previous, language) : '',
    guardPokemonName: event.guardPokemonId ? gameData.pokemonName(event.guardPokemonId, language) : '',
  };
}
