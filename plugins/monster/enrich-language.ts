/**
 * The language and platform layer of the monster view: every name in the recipient's language (English
 * fallback per key) and every emoji for the platform the message is rendered for.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';
import { rarityName, sizeName } from './look.ts';
import { pokemonFullName, pvpVariables } from './pvp-view.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

export interface LanguageInput {
  readonly event: MonsterEvent;
  readonly gameData: GameData;
  readonly scope: ViewScope;
  readonly displayRanks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  readonly levelCaps: readonly number[];
  readonly rarity: number;
  /** whether the base view says a shiny was seen */
  readonly shinyPossible: boolean;
}

function typeEmoji(gameData: GameData, typeIds: readonly number[], platform: string): string {
  return typeIds.map((id) => gameData.emoji(gameData.type(id).emojiKey, platform)).join('');
}

function moveEmoji(gameData: GameData, moveId: number, platform: string): string {
  const type = moveId ? gameData.move(moveId).type : null;
  return type ? gameData.emoji(gameData.type(type.id).emojiKey, platform) : '';
}

export function monsterLanguageView(input: LanguageInput): View {
  const { event, gameData, scope } = input;
  const lang = scope.language;
  const platform = scope.platform;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const formName = gameData.formName(event.form, lang);
  const weatherEmoji = event.weather ? gameData.emoji(gameData.weather(event.weather).emojiKey, platform) : '';
  const weatherName = event.weather ? gameData.weatherName(event.weather, lang) : '';
  const types = info.types.map((t) => t.id);
  const emojiString = typeEmoji(gameData, types, platform);
  return {
    name: gameData.pokemonName(event.pokemonId, lang),
    formName: /^normal$/i.test(formName) ? '' : formName,
    fullName: pokemonFullName(gameData, event.pokemonId, event.form, 0, lang),
    generationName: gameData.generationName(info.generation.id, lang),
    quickMoveName: event.move1 ? gameData.moveName(event.move1, lang) : '',
    chargeMoveName: event.move2 ? gameData.moveName(event.move2, lang) : '',
    quickMoveEmoji: moveEmoji(gameData, event.move1, platform),
    chargeMoveEmoji: moveEmoji(gameData, event.move2, platform),
    typeName: types.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    genderData: {
      name: gameData.genderName(event.gender, lang),
      emoji: GENDER_EMOJI[event.gender] ? gameData.emoji(GENDER_EMOJI[event.gender]!, platform) : '',
    },
    sizeName: gameData.translate(sizeName(event.size), lang),
    rarityName: gameData.translate(rarityName(input.rarity), lang),
    boostWeatherName: weatherName,
    boostWeatherEmoji: weatherEmoji,
    gameWeatherName: weatherName,
    gameWeatherEmoji: weatherEmoji,
    weatherCurrentName: weatherName,
    weatherCurrentEmoji: weatherEmoji,
    shinyPossibleEmoji: input.shinyPossible ? gameData.emoji('shiny', platform) : '',
    disguiseCreatureName: event.displayPokemonId && event.displayPokemonId !== event.pokemonId ? gameData.pokemonName(event.displayPokemonId, lang) : '',
    ...pvpVariables(gameData, input.displayRanks, input.levelCaps, lang),
  };
}
