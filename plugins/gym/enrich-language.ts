/**
 * Gym template variables that depend on the recipient's language and the platform: team names and the team
 * emoji, under their previous-generation names too.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { GymEvent } from './event.ts';

export function gymLanguageView(event: GymEvent, gameData: GameData, scope: ViewScope): View {
  const { language, platform } = scope;
  const previous = event.change?.teamChanged ? event.change.previous.team : null;
  const teamEmoji = gameData.emoji(gameData.team(event.state.team).emojiKey, platform);
  const previousEmoji = previous !== null ? gameData.emoji(gameData.team(previous).emojiKey, platform) : '';
  return {
    teamName: gameData.teamName(event.state.team, language),
    teamEmoji,
    teamEmojiEng: teamEmoji,
    previousControlName: previous !== null ? gameData.teamName(previous, language) : '',
    previousControlTeamEmoji: previousEmoji,
    previousControlTeamEmojiEng: previousEmoji,
    oldTeamName: gameData.teamName(event.change?.previous.team ?? event.state.team, language),
    guardPokemonName: event.guardPokemonId ? gameData.pokemonName(event.guardPokemonId, language) : '',
  };
}
