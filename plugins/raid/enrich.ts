/**
 * The enrich hook: the raid and egg variables computed once per event, in English (the language layer,
 * enrich-language.ts, replaces names and emoji per recipient language and platform). The names the previous
 * generations gave the same values (`move1`, `formname`, `hatchtime`, `gameweather`…; README.md) are set
 * beside their variable in the same object. The webhook's own fields are kept underneath, so templates written
 * for the previous generation find them. `boosted` and `gameWeather*` come from the current weather of the
 * gym's cell, which the core's weather cells know once a plugin published it.
 */
import type { View } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { campfireUrl } from './campfire.ts';
import { isEgg, type RaidEvent, type RaidRsvp } from './event.ts';
import { levelName } from './levels.ts';
import { bossFullName, moveName, shownFormName } from './names.ts';

/** The image URLs of one raid or egg (empty strings when no icon set is configured). */
export interface RaidImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export interface RaidEnrichInput {
  readonly event: RaidEvent;
  readonly gameData: GameData;
  readonly images: RaidImages;
  /** the current weather of the gym's weather cell (core weather cells), null when unknown */
  readonly cellWeather: number | null;
  /** formats the hatch, end and RSVP times in the gym's zone ([locale] time) */
  readonly clock: EventClock;
  /** unix ms now (RSVP slots already past are left out) */
  readonly now: number;
  /** links to the gym on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
  /** a shiny of the boss's species was seen lately (the core's shiny rates) */
  readonly shinyPossible: boolean;
  /** the forecast notice's variables (core/weather-forecast/boost-change.ts), empty ones without a notice */
  readonly forecast: Readonly<Record<string, unknown>>;
}

/** One RSVP slot as templates see it: seconds, both spellings of the counts, and the slot's clock time. */
export interface RsvpView {
  readonly timeslot: number;
  readonly timeSlot: number;
  readonly goingCount: number;
  readonly going_count: number;
  readonly maybeCount: number;
  readonly maybe_count: number;
  readonly time: string;
}

/** The slots still to come (the webhook's slots are unix ms), as the previous generation listed them. */
export function rsvpViews(rsvps: readonly RaidRsvp[], now: number, clock: EventClock, zone: string): RsvpView[] {
  const out: RsvpView[] = [];
  for (const r of rsvps) {
    if (r.timeslot <= now) continue;
    const seconds = Math.ceil(r.timeslot / 1000);
    out.push({ timeslot: seconds, timeSlot: seconds, goingCount: r.goingCount, going_count: r.goingCount, maybeCount: r.maybeCount, maybe_count: r.maybeCount, time: clock.time(seconds, zone) });
  }
  return out;
}

/**
 * The weather boosting the boss: the cell's current weather when it boosts one of the boss's types, else 0
 * (an egg, an unknown or boost-less weather).
 */
export function boostingWeather(gameData: GameData, event: RaidEvent, cellWeather: number | null): number {
  if (isEgg(event) || !cellWeather) return 0;
  const types = new Set(gameData.pokemon(event.pokemonId, event.form).types.map((t) => t.id));
  return gameData.weather(cellWeather).boostedTypes.some((t) => types.has(t.id)) ? cellWeather : 0;
}

function bossVariables(gameData: GameData, event: RaidEvent): Record<string, unknown> {
  if (isEgg(event)) {
    return {
      name: '', nameEng: '', formName: '', formname: '', formNameEng: '', formNormalised: '', formNormalisedEng: '', fullName: '', fullNameEng: '', megaName: '',
      typeName: '', typeNameEng: [], color: '', types: [], baseStats: null,
    };
  }
  const info = gameData.pokemon(event.pokemonId, event.form);
  const form = shownFormName(gameData, event.form);
  const fullName = bossFullName(gameData, event);
  return {
    name: info.name,
    nameEng: info.name,
    formName: form,
    formname: form,
    formNameEng: form,
    formNormalised: form,
    formNormalisedEng: form,
    fullName,
    fullNameEng: fullName,
    megaName: event.evolution ? fullName : info.name,
    types: info.types.map((t) => t.id),
    typeName: info.types.map((t) => t.name).join(', '),
    typeNameEng: info.types.map((t) => t.name),
    color: gameData.type(info.types[0]?.id ?? 0).color,
    baseStats: info.baseStats,
    generation: info.generation.id,
    generationName: info.generation.name,
    generationNameEng: info.generation.name,
    generationRoman: info.generation.roman,
  };
}

export function raidView(input: RaidEnrichInput): View {
  const { event, gameData, clock } = input;
  const team = gameData.team(event.teamId);
  const level = levelName(event.level);
  const boost = boostingWeather(gameData, event, input.cellWeather);
  const boostName = boost ? gameData.weather(boost).name : '';
  const cellWeather = input.cellWeather ?? 0;
  const cellWeatherName = cellWeather ? gameData.weather(cellWeather).name : '';
  const quickName = moveName(gameData, event.move1);
  const chargeName = moveName(gameData, event.move2);
  const evolutionName = event.evolution ? gameData.tempEvolutionName(event.evolution) : '';
  const genderName = event.pokemonId ? gameData.genderName(event.gender, 'en') : '';
  const zone = clock.zoneAt(event.latitude, event.longitude);
  const hatch = clock.time(event.start, zone);
  const end = clock.time(event.end, zone);
  const computed: Record<string, unknown> = {
    id: event.pokemonId,
    pokemonId: event.pokemonId,
    formId: event.form,
    costumeId: event.costume,
    ...bossVariables(gameData, event),
    level: event.level,
    levelName: level,
    levelNameEng: level,
    cp: event.cp,
    gender: event.gender,
    genderData: { name: genderName, emoji: '' },
    genderDataEng: { name: genderName, emoji: '' },
    genderName,
    genderNameEng: genderName,
    genderEmoji: '',
    evolution: event.evolution,
    evolutionName,
    evolutionNameEng: evolutionName,
    evolutionname: evolutionName,
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: quickName,
    quickMove: quickName,
    move1: quickName,
    quickMoveNameEng: quickName,
    chargeMoveName: chargeName,
    chargeMove: chargeName,
    move2: chargeName,
    chargeMoveNameEng: chargeName,
    quickMoveEmoji: '',
    move1emoji: '',
    chargeMoveEmoji: '',
    move2emoji: '',
    boosted: boost > 0,
    boostWeatherId: boost,
    boostWeatherName: boostName,
    boostWeatherNameEng: boostName,
    boost: boostName,
    boostWeatherEmoji: '',
    boostemoji: '',
    weather: cellWeather,
    gameWeatherId: cellWeather,
    gameWeatherName: cellWeatherName,
    gameWeatherNameEng: cellWeatherName,
    gameweather: cellWeatherName,
    gameWeatherEmoji: '',
    gameweatheremoji: '',
    ...input.forecast,
    gymId: event.gymId,
    gymName: event.gymName,
    gymUrl: event.gymUrl,
    gymColor: team.color,
    teamColor: team.color,
    teamId: event.teamId,
    teamName: team.name,
    teamNameEng: team.name,
    teamEmoji: '',
    ex: event.exEligible,
    isExclusive: event.isExclusive,
    arScanEligible: event.arScanEligible,
    powerUpLevel: event.powerUpLevel,
    powerUpPoints: event.powerUpPoints,
    rsvps: rsvpViews(event.rsvps, input.now, clock, zone),
    spawnTimestamp: event.spawn || '',
    hatchTimestamp: event.start,
    endTimestamp: event.end,
    hatchTime: hatch,
    hatchtime: hatch,
    disappearTime: end,
    distime: end,
    shinyPossible: !isEgg(event) && input.shinyPossible,
    shinyPossibleEmoji: '',
    campfireUrl: campfireUrl(event.latitude, event.longitude, event.gymId, event.gymName, event.gymUrl),
    ...input.mapLinks,
    ...input.images,
  };
  // the raw webhook first: computed variables win on a shared name (e.g. cp, level)
  return { ...event.raw, ...computed };
}
