/**
 * The enrich hook: the raid and egg variables computed once per event, in English (the language layer,
 * enrich-language.ts, replaces names and emoji per recipient language and platform). The webhook's own
 * fields are kept underneath, so templates written for the previous generation find them. `boosted` comes
 * from the current weather of the gym's cell, which the core's weather cells know once a plugin published it.
 */
import type { View } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { isEgg, type RaidEvent } from './event.ts';
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
    return { name: '', nameEng: '', formName: '', formNameEng: '', fullName: '', fullNameEng: '', typeName: '', color: '', types: [], baseStats: null };
  }
  const info = gameData.pokemon(event.pokemonId, event.form);
  const form = shownFormName(gameData, event.form);
  const fullName = bossFullName(gameData, event);
  return {
    name: info.name,
    nameEng: info.name,
    formName: form,
    formNameEng: form,
    fullName,
    fullNameEng: fullName,
    types: info.types.map((t) => t.id),
    typeName: info.types.map((t) => t.name).join(', '),
    color: gameData.type(info.types[0]?.id ?? 0).color,
    baseStats: info.baseStats,
    generation: info.generation.id,
    generationName: info.generation.name,
  };
}

export function raidView(input: RaidEnrichInput): View {
  const { event, gameData } = input;
  const team = gameData.team(event.teamId);
  const level = levelName(event.level);
  const boost = boostingWeather(gameData, event, input.cellWeather);
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
    genderData: { name: event.pokemonId ? gameData.genderName(event.gender) : '', emoji: '' },
    evolution: event.evolution,
    evolutionName: event.evolution ? gameData.tempEvolutionName(event.evolution) : '',
    quickMoveId: event.move1,
    chargeMoveId: event.move2,
    quickMoveName: moveName(gameData, event.move1),
    quickMoveNameEng: moveName(gameData, event.move1),
    chargeMoveName: moveName(gameData, event.move2),
    chargeMoveNameEng: moveName(gameData, event.move2),
    quickMoveEmoji: '',
    chargeMoveEmoji: '',
    boosted: boost > 0,
    boostWeatherId: boost,
    boostWeatherName: boost ? gameData.weather(boost).name : '',
    boostWeatherEmoji: '',
    gymId: event.gymId,
    gymName: event.gymName,
    gymUrl: event.gymUrl,
    gymColor: team.color,
    teamId: event.teamId,
    teamName: team.name,
    teamNameEng: team.name,
    teamEmoji: '',
    ex: event.exEligible,
    isExclusive: event.isExclusive,
    arScanEligible: event.arScanEligible,
    powerUpLevel: event.powerUpLevel,
    powerUpPoints: event.powerUpPoints,
    rsvps: event.rsvps,
    spawnTimestamp: event.spawn || '',
    hatchTimestamp: event.start,
    endTimestamp: event.end,
    ...input.images,
  };
  // the raw webhook first: computed variables win on a shared name (e.g. cp, level)
  return { ...event.raw, ...computed };
}
