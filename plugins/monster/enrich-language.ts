/**
 * The language and platform layer of the monster view: every name in the recipient's language (English
 * fallback per key) and every emoji for the platform the message is rendered for, with the previous
 * generations' names for them (`formname`, `quickMove`, `move1emoji`, `boostemoji`…) set in the same object,
 * and the species facts (weaknesses, evolutions, boosting weathers) in that language and platform.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import { alteringWeathers, speciesFacts, type GameData } from '../../core/gamedata/index.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';
import { rarityName, sizeName } from './look.ts';
import { pokemonFullName, pvpVariables } from './pvp-view.ts';
import { forecastLanguageVariables } from '../../core/weather-forecast/index.ts';
import type { ServiceTexts } from '../../core/service-texts.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

export interface LanguageInput {
  readonly event: MonsterEvent;
  readonly gameData: GameData;
  readonly scope: ViewScope;
  readonly displayRanks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  /** every rank of the event (megas only with include_mega_evolution), for `pvp_rankings_<league>_league` */
  readonly allRanks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  readonly levelCaps: readonly number[];
  readonly rarity: number;
  /** whether the base view says a shiny was seen */
  readonly shinyPossible: boolean;
  /** the event view's `time` (the despawn as a clock time, from the core's common variables); '' when absent */
  readonly despawnTime: string;
  /** the event view (its forecast notice ids and time) */
  readonly view: View;
  /** the service's words (the forecast notice) in the recipient's language */
  readonly texts: ServiceTexts;
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
  const shownForm = /^normal$/i.test(formName) ? '' : formName;
  const quickName = event.move1 ? gameData.moveName(event.move1, lang) : '';
  const chargeName = event.move2 ? gameData.moveName(event.move2, lang) : '';
  const quickEmoji = moveEmoji(gameData, event.move1, platform);
  const chargeEmoji = moveEmoji(gameData, event.move2, platform);
  const genderName = gameData.genderName(event.gender, lang);
  const genderEmoji = GENDER_EMOJI[event.gender] ? gameData.emoji(GENDER_EMOJI[event.gender]!, platform) : '';
  const disguised = event.displayPokemonId !== 0 && event.displayPokemonId !== event.pokemonId;
  const disguiseName = disguised ? gameData.pokemonName(event.displayPokemonId, lang) : '';
  const facts = speciesFacts(gameData, event.pokemonId, event.form, lang, platform);
  return {
    name: gameData.pokemonName(event.pokemonId, lang),
    formName: shownForm,
    formname: shownForm,
    formNormalised: shownForm,
    fullName: pokemonFullName(gameData, event.pokemonId, event.form, 0, lang),
    generationName: gameData.generationName(info.generation.id, lang),
    quickMoveName: quickName,
    quickMove: quickName,
    chargeMoveName: chargeName,
    chargeMove: chargeName,
    quickMoveEmoji: quickEmoji,
    move1emoji: quickEmoji,
    chargeMoveEmoji: chargeEmoji,
    move2emoji: chargeEmoji,
    typeName: types.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    emoji: facts.typeEmojiList,
    genderData: { name: genderName, emoji: genderEmoji },
    genderName,
    genderEmoji,
    sizeName: gameData.translate(sizeName(event.size), lang),
    rarityName: gameData.translate(rarityName(input.rarity), lang),
    boostWeatherName: weatherName,
    boost: weatherName,
    boostWeatherEmoji: weatherEmoji,
    boostemoji: weatherEmoji,
    gameWeatherName: weatherName,
    gameweather: weatherName,
    gameWeatherEmoji: weatherEmoji,
    gameweatheremoji: weatherEmoji,
    shinyPossibleEmoji: input.shinyPossible ? gameData.emoji('shiny', platform) : '',
    disappearTime: input.despawnTime,
    distime: input.despawnTime,
    disguiseCreatureName: disguiseName,
    disguisePokemonName: disguiseName,
    disguiseFormName: disguised && event.displayForm ? gameData.formName(event.displayForm, lang) : '',
    weaknessList: facts.weaknessList,
    weaknessEmoji: facts.weaknessEmoji,
    evolutions: facts.evolutions,
    megaEvolutions: facts.megaEvolutions,
    prevEvolutions: facts.prevEvolutions,
    hasEvolutions: facts.hasEvolutions,
    hasMegaEvolutions: facts.hasMegaEvolutions,
    boostingWeatherIds: facts.boostingWeatherIds,
    boostingWeathersEmoji: facts.boostingWeathersEmoji,
    alteringWeathers: alteringWeathers(facts.boostingWeatherIds, event.weather > 0),
    ...pvpVariables(gameData, input.displayRanks, input.levelCaps, lang, input.allRanks),
    ...forecastLanguageVariables(gameData, input.texts, input.view, lang, platform),
  };
}
