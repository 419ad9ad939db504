/**
 * Gym template variables computed once per event (English): the gym, its team and the previous one, slots,
 * trainers, battle and the icons. Names in the recipient's language come from enrich-language.ts.
 */
import type { View } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { GymEvent } from './event.ts';

export interface GymImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

/** a gym holds six trainers */
export const GYM_SLOTS = 6;

export function trainerCount(event: GymEvent): number {
  return Math.max(0, GYM_SLOTS - event.state.slotsAvailable);
}

export function gymView(event: GymEvent, gameData: GameData, images: GymImages): View {
  const team = gameData.team(event.state.team);
  const previous = event.change?.teamChanged ? event.change.previous.team : null;
  return {
    gymId: event.gymId,
    id: event.gymId,
    gymName: event.name,
    gymUrl: event.url,
    teamId: event.state.team,
    teamName: gameData.teamName(event.state.team),
    teamNameEng: gameData.teamName(event.state.team),
    color: team.color,
    gymColor: team.color,
    previousControlId: previous ?? event.state.team,
    previousControlName: previous !== null ? gameData.teamName(previous) : '',
    oldTeamId: event.change?.previous.team ?? event.state.team,
    slotsAvailable: event.state.slotsAvailable,
    oldSlotsAvailable: event.change?.previous.slotsAvailable ?? event.state.slotsAvailable,
    trainerCount: trainerCount(event),
    inBattle: event.state.inBattle,
    ex: event.exEligible,
    guardPokemonId: event.guardPokemonId,
    guardPokemonName: event.guardPokemonId ? gameData.pokemonName(event.guardPokemonId) : '',
    teamChanged: event.change?.teamChanged ?? false,
    slotsChanged: event.change?.slotsChanged ?? false,
    ...images,
  };
}
