/**
 * The language and platform layer of the raid and egg view: every name in the recipient's language (English
 * fallback per key) and every emoji for the platform the message is rendered for, with the previous
 * generations' names for them (`move1`, `move1emoji`, `boostemoji`, `gameweatheremoji`…) set in the same object,
 * and the boss's species facts (weaknesses, evolutions, boosting weathers) in that language and platform.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import { speciesFacts, type GameData } from '../../core/gamedata/index.ts';
import { isEgg, type RaidEvent } from './event.ts';
import { levelName } from './levels.ts';
import { bossFullName, moveName, shownFormName } from './names.ts';
import { forecastLanguageVariables } from '../../core/weather-forecast/index.ts';
import { ENGLISH_TEXTS, type ServiceTexts } from '../../core/service-texts.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

function moveEmoji(gameData: GameData, moveId: number, platform: string): string {
  const type = moveId ? gameData.move(moveId).type : null;
  return type ? gameData.emoji(gameData.type(type.id).emojiKey, platform) : '';
}

function bossLayer(gameData: GameData, event: RaidEvent, scope: ViewScope): Record<string, unknown> {
  if (isEgg(event)) return {};
  const lang = scope.language;
  const types = gameData.pokemon(event.pokemonId, event.form).types.map((t) => t.id);
  const emojiString = types.map((id) => gameData.emoji(gameData.type(id).emojiKey, scope.platform)).join('');
  const genderKey = GENDER_EMOJI[event.gender];
  const genderName = gameData.genderName(event.gender, lang);
  const genderEmoji = genderKey ? gameData.emoji(genderKey, scope.platform) : '';
  const name = gameData.pokemonName(event.pokemonId, lang);
  const form = shownFormName(gameData, event.form, lang);
  const fullName = bossFullName(gameData, event, lang);
  const quickName = moveName(gameData, event.move1, lang);
  const chargeName = moveName(gameData, event.move2, lang);
  const quickEmoji = moveEmoji(gameData, event.move1, scope.platform);
  const chargeEmoji = moveEmoji(gameData, event.move2, scope.platform);
  const facts = speciesFacts(gameData, event.pokemonId, event.form, lang, scope.platform);
  return {
    name,
    formName: form,
    formname: form,
    formNormalised: form,
    fullName,
    megaName: event.evolution ? fullName : name,
    typeName: types.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    emoji: facts.typeEmojiList,
    genderData: { name: genderName, emoji: genderEmoji },
    genderName,
    genderEmoji,
    generationName: gameData.generationName(gameData.pokemon(event.pokemonId, event.form).generation.id, lang),
    evolutionName: event.evolution ? gameData.tempEvolutionName(event.evolution, lang) : '',
    quickMoveName: quickName,
    quickMove: quickName,
    move1: quickName,
    chargeMoveName: chargeName,
    chargeMove: chargeName,
    move2: chargeName,
    quickMoveEmoji: quickEmoji,
    move1emoji: quickEmoji,
    chargeMoveEmoji: chargeEmoji,
    move2emoji: chargeEmoji,
    weaknessList: facts.weaknessList,
    weaknessEmoji: facts.weaknessEmoji,
    evolutions: facts.evolutions,
    megaEvolutions: facts.megaEvolutions,
    prevEvolutions: facts.prevEvolutions,
    hasEvolutions: facts.hasEvolutions,
    hasMegaEvolutions: facts.hasMegaEvolutions,
    boostingWeatherIds: facts.boostingWeatherIds,
    boostingWeathers: facts.boostingWeatherIds,
    boostingWeathersEmoji: facts.boostingWeathersEmoji,
  };
}

/** the name and emoji of a weather (the id from the base view; 0 = none) under two names each */
function weatherLayer(gameData: GameData, weatherId: number, scope: ViewScope, names: readonly [string, string, string, string]): Record<string, unknown> {
  if (!weatherId) return {};
  const name = gameData.weatherName(weatherId, scope.language);
  const emoji = gameData.emoji(gameData.weather(weatherId).emojiKey, scope.platform);
  return { [names[0]]: name, [names[1]]: name, [names[2]]: emoji, [names[3]]: emoji };
}

const BOOST_NAMES = ['boostWeatherName', 'boost', 'boostWeatherEmoji', 'boostemoji'] as const;
const GAME_WEATHER_NAMES = ['gameWeatherName', 'gameweather', 'gameWeatherEmoji', 'gameweatheremoji'] as const;

/** What the language layer reads from the base view. */
export interface RaidBaseFacts {
  /** 0 = not boosted */
  readonly boostWeatherId: number;
  /** 0 = the cell's weather is unknown */
  readonly gameWeatherId: number;
  readonly shinyPossible: boolean;
}

export function raidLanguageView(event: RaidEvent, gameData: GameData, scope: ViewScope, base: RaidBaseFacts, view: View = {}, texts: ServiceTexts = ENGLISH_TEXTS): View {
  const { boostWeatherId, gameWeatherId } = base;
  return {
    ...bossLayer(gameData, event, scope),
    ...weatherLayer(gameData, boostWeatherId, scope, BOOST_NAMES),
    ...weatherLayer(gameData, gameWeatherId, scope, GAME_WEATHER_NAMES),
    levelName: gameData.translate(levelName(event.level), scope.language),
    teamName: gameData.teamName(event.teamId, scope.language),
    teamEmoji: gameData.emoji(gameData.team(event.teamId).emojiKey, scope.platform),
    shinyPossibleEmoji: base.shinyPossible ? gameData.emoji('shiny', scope.platform) : '',
    ...forecastLanguageVariables(gameData, texts, view, scope.language, scope.platform),
  };
}
