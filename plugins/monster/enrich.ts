/**
 * The enrich hook: the monster and monsterNoIv variables computed once per event, in English (the language
 * layer, enrich-language.ts, replaces names and emoji per recipient language and platform). The webhook's
 * own fields are kept underneath, so templates written for the previous generation find them.
 */
import type { View } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';
import { catchPercent, ivColor, rarityName, sizeName, twoDecimals } from './look.ts';
import { pokemonFullName, pvpVariables } from './pvp-view.ts';
import type { ShinyRate } from './sightings.ts';

/** The image URLs of one sighting (empty strings when no icon set is configured). */
export interface MonsterImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export interface MonsterEnrichInput {
  readonly event: MonsterEvent;
  readonly gameData: GameData;
  /** ranks within the [pvp] display bounds */
  readonly displayRanks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  readonly levelCaps: readonly number[];
  readonly rarity: number;
  readonly shinyRate: ShinyRate | null;
  readonly images: MonsterImages;
}

function shinyStats(rate: ShinyRate | null): string {
  if (!rate || rate.shiny === 0) return '';
  return `1/${Math.round(rate.encountered / rate.shiny)}`;
}

function statsVariables(event: MonsterEvent): Record<string, unknown> {
  const s = event.stats;
  if (!s) return { iv: '', atk: '', def: '', sta: '', cp: '', level: '', ivColor: '', weight: '', height: '' };
  return {
    iv: s.iv,
    atk: s.atk,
    def: s.def,
    sta: s.sta,
    cp: s.cp,
    level: s.level,
    ivColor: ivColor(s.iv),
    weight: twoDecimals(event.weight),
    height: twoDecimals(event.height),
  };
}

export function monsterView(input: MonsterEnrichInput): View {
  const { event, gameData } = input;
  const info = gameData.pokemon(event.pokemonId, event.form);
  const formName = gameData.formName(event.form);
  const shownForm = /^normal$/i.test(formName) ? '' : formName;
  const fullName = pokemonFullName(gameData, event.pokemonId, event.form, 0);
  const quick = gameData.move(event.move1);
  const charge = gameData.move(event.move2);
  const weather = event.weather ? gameData.weather(event.weather) : null;
  const rate = input.shinyRate;
  const view: Record<string, unknown> = {
    id: event.pokemonId,
    pokemonId: event.pokemonId,
    formId: event.form,
    costumeId: event.costume,
    encounterId: event.encounterId,
    name: info.name,
    nameEng: info.name,
    formName: shownForm,
    formNameEng: shownForm,
    fullName,
    fullNameEng: fullName,
    generation: info.generation.id,
    generationName: info.generation.name,
    generationNameEng: info.generation.name,
    generationRoman: info.generation.roman,
    color: gameData.type(info.types[0]?.id ?? 0).color,
    ...statsVariables(event),
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: event.move1 ? quick.name : '',
    quickMoveNameEng: event.move1 ? quick.name : '',
    chargeMoveName: event.move2 ? charge.name : '',
    chargeMoveNameEng: event.move2 ? charge.name : '',
    types: info.types.map((t) => t.id),
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    gender: event.gender,
    genderData: { name: gameData.genderName(event.gender), emoji: '' },
    size: event.size,
    sizeName: sizeName(event.size),
    rarityGroup: input.rarity,
    rarityName: rarityName(input.rarity),
    boosted: event.weather > 0,
    boostWeatherId: event.weather,
    boostWeatherName: weather ? weather.name : '',
    boostWeatherEmoji: '',
    gameWeatherId: event.weather,
    gameWeatherName: weather ? weather.name : '',
    gameWeatherEmoji: '',
    shinyPossible: Boolean(rate && rate.shiny > 0),
    shinyPossibleEmoji: '',
    shinyStats: shinyStats(rate),
    ...pvpVariables(gameData, input.displayRanks, input.levelCaps),
    userHasPvpTracks: false,
    weatherChange: '',
    weatherCurrentName: weather ? weather.name : '',
    weatherCurrentEmoji: '',
    weatherNextName: '',
    weatherNextEmoji: '',
    weatherChangeTime: '',
    futureEvent: false,
    futureEventName: '',
    futureEventTime: '',
    futureEventTrigger: '',
    disguisePokemonId: event.displayPokemonId,
    disguiseCreatureName: event.displayPokemonId && event.displayPokemonId !== event.pokemonId ? gameData.pokemonName(event.displayPokemonId) : '',
    seenType: event.seenType,
    confirmedTime: event.disappearTimeVerified,
    catchBase: catchPercent(event.capture?.[0]),
    catchGreat: catchPercent(event.capture?.[1]),
    catchUltra: catchPercent(event.capture?.[2]),
    baseStats: info.baseStats,
    despawnTimestamp: event.disappearTime || '',
    disappearTime: event.disappearTime || '',
    pokestopName: event.pokestopName,
    ...input.images,
  };
  // the raw webhook's fields the computed ones do not replace (e.g. weight stays formatted); added to the literal
  // rather than spread under it or made its prototype, both of which cost V8 far more per event
  for (const key in event.raw) if (!(key in view)) view[key] = event.raw[key];
  return view;
}
