/**
 * The enrich hook: the monster and monsterNoIv variables computed once per event, in English (the language
 * layer, enrich-language.ts, replaces names and emoji per recipient language and platform). The names the
 * previous generations gave the same values (`formname`, `ivcolor`, `distime`, `pokestopId`…; README.md,
 * "Previous-generation names") are set beside their variable in the same object. The webhook's own fields are
 * kept underneath, so templates written for the previous generation find them.
 */
import type { View } from '../../core/contract.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import { shinyOdds } from '../../core/enrich/shiny-rates.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { cellShape } from '../../core/geo/s2-cell-shape.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';
import type { FutureEvent } from './game-events.ts';
import { catchPercent, ivColor, rarityName, sizeName, twoDecimals } from './look.ts';
import { pokemonFullName, pvpVariables } from './pvp-view.ts';
import type { ShinyRate } from './sightings.ts';

/** The image URLs of one sighting (empty strings when no icon set is configured). */
export interface MonsterImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

/** The [pvp] display bounds, shown to templates as `pvpDisplay*`. */
export interface PvpDisplaySettings {
  readonly maxRank: number;
  readonly greatMinCp: number;
  readonly ultraMinCp: number;
  readonly littleMinCp: number;
}

export interface MonsterEnrichInput {
  readonly event: MonsterEvent;
  readonly gameData: GameData;
  /** unix ms now (for `tthSeconds`) */
  readonly now: number;
  readonly pvpDisplay: PvpDisplaySettings;
  /** links to the pokemon on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
  /** ranks within the [pvp] display bounds */
  readonly displayRanks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  readonly levelCaps: readonly number[];
  readonly rarity: number;
  readonly shinyRate: ShinyRate | null;
  readonly images: MonsterImages;
  /** a spawn-changing game event starting or ending before the despawn (game-events.ts) */
  readonly futureEvent: FutureEvent;
  /** the forecast notice's variables (weather-forecast.ts): `weatherChange`, `weatherCurrent*`, `weatherNext*`… */
  readonly forecast: Readonly<Record<string, unknown>>;
}

function statsVariables(event: MonsterEvent): Record<string, unknown> {
  const s = event.stats;
  if (!s) return { iv: '', atk: '', def: '', sta: '', cp: '', level: '', ivColor: '', ivcolor: '', weight: '', height: '' };
  const colour = ivColor(s.iv);
  return {
    iv: s.iv,
    atk: s.atk,
    def: s.def,
    sta: s.sta,
    cp: s.cp,
    level: s.level,
    ivColor: colour,
    ivcolor: colour,
    weight: twoDecimals(event.weight),
    height: twoDecimals(event.height),
  };
}

/** The corners of the level-15 S2 cell a cell-seen pokemon was reported in (as the previous generations gave it). */
function cellCoords(event: MonsterEvent): readonly (readonly [number, number])[] | '' {
  return event.seenType === 'cell' ? cellShape(event.latitude, event.longitude, 15).corners : '';
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
  const weatherName = weather ? weather.name : '';
  const rate = input.shinyRate;
  const quickName = event.move1 ? quick.name : '';
  const chargeName = event.move2 ? charge.name : '';
  const genderName = gameData.genderName(event.gender, 'en');
  const disguised = event.displayPokemonId !== 0 && event.displayPokemonId !== event.pokemonId;
  const disguiseName = disguised ? gameData.pokemonName(event.displayPokemonId) : '';
  const disguiseForm = disguised && event.displayForm ? gameData.formName(event.displayForm) : '';
  const size = sizeName(event.size);
  const rarity = rarityName(input.rarity);
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
    formNormalisedEng: shownForm,
    fullName,
    fullNameEng: fullName,
    generation: info.generation.id,
    generationName: info.generation.name,
    generationNameEng: info.generation.name,
    generationRoman: info.generation.roman,
    color: gameData.type(info.types[0]?.id ?? 0).color,
    legendary: info.legendary === true,
    mythic: info.mythic === true,
    ultraBeast: info.ultraBeast === true,
    encountered: event.stats !== null,
    ...statsVariables(event),
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: quickName,
    quickMoveNameEng: quickName,
    chargeMoveName: chargeName,
    chargeMoveNameEng: chargeName,
    types: info.types.map((t) => t.id),
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    gender: event.gender,
    genderData: { name: genderName, emoji: '' },
    genderDataEng: { name: genderName, emoji: '' },
    genderNameEng: genderName,
    size: event.size,
    sizeName: size,
    sizeNameEng: size,
    rarityGroup: input.rarity,
    rarityName: rarity,
    rarityNameEng: rarity,
    boosted: event.weather > 0,
    boostWeatherId: event.weather,
    boostWeatherName: weatherName,
    boostWeatherEmoji: '',
    gameWeatherId: event.weather,
    gameWeatherName: weatherName,
    gameWeatherEmoji: '',
    shinyPossible: Boolean(rate && rate.shiny > 0),
    shinyPossibleEmoji: '',
    shinyStats: shinyOdds(rate),
    ...pvpVariables(gameData, input.displayRanks, input.levelCaps),
    pvpPokemonId: event.pokemonId,
    pvpFormId: event.form,
    pvpDisplayMaxRank: input.pvpDisplay.maxRank,
    pvpDisplayGreatMinCP: input.pvpDisplay.greatMinCp,
    pvpDisplayUltraMinCP: input.pvpDisplay.ultraMinCp,
    pvpDisplayLittleMinCP: input.pvpDisplay.littleMinCp,
    userHasPvpTracks: false,
    pvpUserRanking: 0,
    userDistanceTrack: false,
    userTrackDistance: 0,
    ...input.forecast,
    ...input.futureEvent,
    disguisePokemonId: event.displayPokemonId,
    disguiseFormId: disguised ? event.displayForm : 0,
    disguiseCreatureName: disguiseName,
    disguisePokemonNameEng: disguiseName,
    disguiseFormName: disguiseForm,
    disguiseFormNameEng: disguiseForm,
    seenType: event.seenType,
    cell_coords: cellCoords(event),
    confirmedTime: event.disappearTimeVerified,
    verified: event.disappearTimeVerified,
    catchBase: catchPercent(event.capture?.[0]),
    catchGreat: catchPercent(event.capture?.[1]),
    catchUltra: catchPercent(event.capture?.[2]),
    baseStats: info.baseStats,
    despawnTimestamp: event.disappearTime || '',
    tthSeconds: event.disappearTime ? Math.max(0, Math.floor(event.disappearTime - input.now / 1000)) : 0,
    spawnpointId: event.spawnpointId,
    pokestopId: event.pokestopId,
    pokestopName: event.pokestopName,
    ...input.mapLinks,
    ...input.images,
  };
  // the raw webhook's fields the computed ones do not replace (e.g. weight stays formatted); added to the literal
  // rather than spread under it or made its prototype, both of which cost V8 far more per event
  for (const key in event.raw) if (!(key in view)) view[key] = event.raw[key];
  return view;
}
