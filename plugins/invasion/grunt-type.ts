/**
 * The grunt-type word of an invasion, the one `invasion.grunt_type` rules store (lower case): the stop
 * event for display types ≥ 7 (`gold-stop`, `kecleon`, `showcase`), otherwise the character's type from the
 * game data (`dragon`, `mixed`, `steel`, `darkness`, `gruntb`, `cliff`, `giovanni`…).
 */
import type { GameData } from '../../core/gamedata/index.ts';
import type { GruntInfo } from './gamedata/types.ts';

/** Pokestop events by display type, with their English display names. */
export const STOP_EVENTS: ReadonlyMap<number, { readonly key: string; readonly name: string }> = new Map([
  [7, { key: 'gold-stop', name: 'Gold-Stop' }],
  [8, { key: 'kecleon', name: 'Kecleon' }],
  [9, { key: 'showcase', name: 'Showcase' }],
]);

export const FIRST_EVENT_DISPLAY = 7;

/** Lower-case words users type for the grunt types that are not pokemon types. */
export const SPECIAL_GRUNT_TYPES = ['mixed', 'darkness', 'gruntb', 'decoy', 'cliff', 'arlo', 'sierra', 'giovanni', 'gold-stop', 'kecleon', 'showcase'] as const;

export function isStopEvent(displayType: number): boolean {
  return displayType >= FIRST_EVENT_DISPLAY;
}

/** the rule word for an invasion */
export function gruntTypeKey(info: GruntInfo, displayType: number): string {
  const event = STOP_EVENTS.get(displayType);
  if (event) return event.key;
  if (isStopEvent(displayType)) return `event-${displayType}`;
  return info.type.toLowerCase();
}

/** the English display name of the grunt type (translated by the language layer) */
export function gruntTypeName(info: GruntInfo, displayType: number, gameData: GameData, lang?: string): string {
  const event = STOP_EVENTS.get(displayType);
  if (event) return lang ? gameData.translate(event.name, lang) : event.name;
  if (info.typeId !== null) return gameData.typeName(info.typeId, lang);
  return lang ? gameData.translate(info.type, lang) : info.type;
}
