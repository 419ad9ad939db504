/**
 * Gym template variables computed once per event (English): the gym, its team and the previous one, slots,
 * trainers, battle and the icons, with the names the previous generations gave the same values (`name`,
 * `teamColor`, `oldTeamName`, `conqueredTime`…; README.md) in the same object. Names in the recipient's
 * language come from enrich-language.ts.
 */
import type { View } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
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

/** What the gym view needs besides the event and the game data. */
export interface GymViewContext {
  readonly images: GymImages;
  /** formats the moment of the change in the gym's zone ([locale] time) */
  readonly clock: EventClock;
  /** unix ms now */
  readonly now: number;
  /** links to the gym on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
}

export function gymView(event: GymEvent, gameData: GameData, context: GymViewContext): View {
  const team = gameData.team(event.state.team);
  const previous = event.change?.teamChanged ? event.change.previous.team : null;
  const oldTeamId = event.change?.previous.team ?? event.state.team;
  const oldSlots = event.change?.previous.slotsAvailable ?? event.state.slotsAvailable;
  const previousName = previous !== null ? gameData.teamName(previous) : '';
  const teamName = gameData.teamName(event.state.team);
  const oldTeamName = gameData.teamName(oldTeamId);
  return {
    gymId: event.gymId,
    id: event.gymId,
    gymName: event.name,
    name: event.name,
    gymUrl: event.url,
    teamId: event.state.team,
    teamName,
    teamNameEng: teamName,
    color: team.color,
    gymColor: team.color,
    teamColor: team.color,
    previousControlId: previous ?? event.state.team,
    previousControlName: previousName,
    previousControlNameEng: previousName,
    previousControlTeamEmoji: '',
    previousControlTeamEmojiEng: '',
    oldTeamId,
    oldTeamName,
    oldTeamNameEng: oldTeamName,
    teamEmoji: '',
    teamEmojiEng: '',
    slotsAvailable: event.state.slotsAvailable,
    oldSlotsAvailable: oldSlots,
    trainerCount: trainerCount(event),
    oldTrainerCount: Math.max(0, GYM_SLOTS - oldSlots),
    conqueredTime: context.clock.time(Math.floor(context.now / 1000), context.clock.zoneAt(event.latitude, event.longitude)),
    inBattle: event.state.inBattle,
    ex: event.exEligible,
    guardPokemonId: event.guardPokemonId,
    guardPokemonName: event.guardPokemonId ? gameData.pokemonName(event.guardPokemonId) : '',
    teamChanged: event.change?.teamChanged ?? false,
    slotsChanged: event.change?.slotsChanged ?? false,
    ...context.mapLinks,
    ...context.images,
  };
}
