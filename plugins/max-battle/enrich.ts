/**
 * The max battle variables: once per event in English (`maxBattleView`), then names and emoji per recipient
 * language and platform (`maxBattleLanguageView`). The boss variables are the ones raids have (name, form,
 * moves, types and their emoji, base stats, generation, level, weaknesses) except `cp` (the webhook has none,
 * and a boss's battle CP is not derivable from the game data); `boosted` and `gameWeather*` come from the
 * current weather of the station's cell (the core's weather cells); `endTimestamp` is the battle's end for the
 * countdown. The names the previous generation gave the same values (`formname`, `quickMove`, `move1emoji`,
 * `boostemoji`, `station_name`…; README.md) are set in the same objects. The webhook's own fields stay
 * underneath for older templates.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import { speciesFacts, type GameData, type PokemonInfo } from '../../core/gamedata/index.ts';
import type { MaxBattleEvent } from './event.ts';

const GENDER_EMOJI: Readonly<Record<number, string>> = { 1: 'gender-male', 2: 'gender-female', 3: 'gender-none' };

/** The image URLs of the boss (empty strings when no icon set is configured). */
export interface MaxBattleImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  const name = form ? gameData.formName(form, lang) : '';
  return /^normal$/i.test(name) ? '' : name;
}

function joinName(name: string, form: string): string {
  return form ? `${name} ${form}` : name;
}

/** "Level 3", "Gigantamax level 7" — English; the language layer translates the words. */
export function levelNameOf(level: number, gmax: boolean): { readonly text: string; readonly vars: Readonly<Record<string, number>> } {
  return { text: gmax ? 'Gigantamax level {level}' : 'Level {level}', vars: { level } };
}

function fill(text: string, vars: Readonly<Record<string, number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}

function moveEmoji(gameData: GameData, moveId: number, platform: string): string {
  const type = moveId ? gameData.move(moveId).type : null;
  return type ? gameData.emoji(gameData.type(type.id).emojiKey, platform) : '';
}

/** Base stats and generation of the boss (from the masterfile); empty while the boss is unknown. */
function bossStats(event: MaxBattleEvent, info: PokemonInfo): Record<string, unknown> {
  if (!event.pokemonId) return { baseStats: null, generation: 0, generationName: '', generationRoman: '' };
  return {
    baseStats: info.baseStats,
    generation: info.generation.id,
    generationName: info.generation.name,
    generationRoman: info.generation.roman,
  };
}

/** What the max battle view needs besides the event and the game data. */
export interface MaxBattleViewContext {
  readonly images: MaxBattleImages;
  /** formats the end in the station's zone ([locale] time) */
  readonly clock: EventClock;
  /** the current weather of the station's weather cell (core weather cells), null when unknown */
  readonly cellWeather: number | null;
  /** links to the station on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
}

/** the weather boosting the boss: the cell's weather when it boosts one of its types, else 0 */
function boostOf(gameData: GameData, typeIds: readonly number[], weather: number): number {
  if (!weather) return 0;
  return gameData.weather(weather).boostedTypes.some((t) => typeIds.includes(t.id)) ? weather : 0;
}

export function maxBattleView(event: MaxBattleEvent, gameData: GameData, context: MaxBattleViewContext): View {
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = event.pokemonId ? info.name : '';
  const form = shownForm(gameData, event.form);
  const typeIds = event.pokemonId ? info.types.map((t) => t.id) : [];
  const level = levelNameOf(event.level, event.gmax);
  const quickName = event.move1 ? gameData.move(event.move1).name : '';
  const chargeName = event.move2 ? gameData.move(event.move2).name : '';
  const weather = context.cellWeather ?? 0;
  const weatherName = weather ? gameData.weather(weather).name : '';
  const boost = boostOf(gameData, typeIds, weather);
  const boostName = boost ? gameData.weather(boost).name : '';
  const zone = context.clock.zoneAt(event.latitude, event.longitude);
  const ends = context.clock.time(event.battleEnd, zone);
  const computed: Record<string, unknown> = {
    id: event.pokemonId,
    pokemonId: event.pokemonId,
    formId: event.form,
    costumeId: event.costume,
    name,
    nameEng: name,
    formName: form,
    formname: form,
    formNameEng: form,
    formNormalised: form,
    formNormalisedEng: form,
    fullName: joinName(name, form),
    fullNameEng: joinName(name, form),
    level: event.level,
    levelName: fill(level.text, level.vars),
    levelNameEng: fill(level.text, level.vars),
    gmax: event.gmax,
    breadMode: event.breadMode,
    bread_mode: event.breadMode,
    // battles carry no temporary evolution
    evolution: 0,
    evolutionName: '',
    ...bossStats(event, info),
    types: typeIds,
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    emojiString: '',
    typeEmoji: '',
    color: gameData.type(typeIds[0] ?? 0).color,
    gender: event.gender,
    genderData: { name: gameData.genderName(event.gender), emoji: '' },
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: quickName,
    quickMove: quickName,
    quickMoveNameEng: quickName,
    chargeMoveName: chargeName,
    chargeMove: chargeName,
    chargeMoveNameEng: chargeName,
    quickMoveEmoji: '',
    move1emoji: '',
    chargeMoveEmoji: '',
    move2emoji: '',
    boosted: boost > 0,
    boostWeatherId: boost,
    boostWeatherName: boostName,
    boost: boostName,
    boostWeatherEmoji: '',
    boostemoji: '',
    gameWeatherId: weather,
    gameWeatherName: weatherName,
    gameweather: weatherName,
    gameWeatherEmoji: '',
    gameweatheremoji: '',
    stationId: event.stationId,
    station_id: event.stationId,
    stationName: event.stationName,
    station_name: event.stationName,
    startTimestamp: event.battleStart || '',
    endTimestamp: event.battleEnd || '',
    stationEndTimestamp: event.stationEnd || '',
    disappearTime: ends,
    distime: ends,
    // the hour boundary before the end, when the cell's weather (and the boost) may change
    weatherChangeTime: event.battleEnd ? context.clock.time(event.battleEnd - (event.battleEnd % 3600), zone) : '',
    totalStationedPokemon: event.totalStationed,
    totalStationedGmax: event.totalStationedGmax,
    ...context.mapLinks,
    ...context.images,
  };
  return { ...event.raw, ...computed };
}

/** `boostWeatherId` and `gameWeatherId` are the base view's (0: not boosted / the cell's weather unknown). */
export function maxBattleLanguageView(event: MaxBattleEvent, gameData: GameData, scope: ViewScope, boostWeatherId = 0, gameWeatherId = 0): View {
  const { language: lang, platform } = scope;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const name = event.pokemonId ? gameData.pokemonName(event.pokemonId, lang) : '';
  const form = shownForm(gameData, event.form, lang);
  const typeIds = event.pokemonId ? info.types.map((t) => t.id) : [];
  const level = levelNameOf(event.level, event.gmax);
  const genderEmoji = GENDER_EMOJI[event.gender];
  const emojiString = typeIds.map((id) => gameData.emoji(gameData.type(id).emojiKey, platform)).join('');
  const generation = event.pokemonId ? info.generation.id : 0;
  const quickName = event.move1 ? gameData.moveName(event.move1, lang) : '';
  const chargeName = event.move2 ? gameData.moveName(event.move2, lang) : '';
  const quickEmoji = moveEmoji(gameData, event.move1, platform);
  const chargeEmoji = moveEmoji(gameData, event.move2, platform);
  const facts = event.pokemonId ? speciesFacts(gameData, event.pokemonId, event.form, lang, platform) : null;
  const weatherWords = (id: number) => (id ? { name: gameData.weatherName(id, lang), emoji: gameData.emoji(gameData.weather(id).emojiKey, platform) } : { name: '', emoji: '' });
  const boost = weatherWords(boostWeatherId);
  const cell = weatherWords(gameWeatherId);
  return {
    name,
    formName: form,
    formname: form,
    formNormalised: form,
    fullName: joinName(name, form),
    levelName: fill(gameData.translate(level.text, lang), level.vars),
    typeName: typeIds.map((id) => gameData.typeName(id, lang)).join(', '),
    emojiString,
    typeEmoji: emojiString,
    generationName: generation ? gameData.generationName(generation, lang) : '',
    genderData: { name: gameData.genderName(event.gender, lang), emoji: genderEmoji ? gameData.emoji(genderEmoji, platform) : '' },
    emoji: facts ? facts.typeEmojiList : [],
    quickMoveName: quickName,
    quickMove: quickName,
    chargeMoveName: chargeName,
    chargeMove: chargeName,
    quickMoveEmoji: quickEmoji,
    move1emoji: quickEmoji,
    chargeMoveEmoji: chargeEmoji,
    move2emoji: chargeEmoji,
    boostWeatherName: boost.name,
    boost: boost.name,
    boostWeatherEmoji: boost.emoji,
    boostemoji: boost.emoji,
    gameWeatherName: cell.name,
    gameweather: cell.name,
    gameWeatherEmoji: cell.emoji,
    gameweatheremoji: cell.emoji,
    weaknessList: facts ? facts.weaknessList : [],
    weaknessEmoji: facts ? facts.weaknessEmoji : '',
  };
}
