/**
 * Game events that change what spawns (community days, spotlight hours), from the events feed the previous
 * generations read (ScrapedDuck `events.json`, `[resources] events_url`): downloaded with the game data, cached,
 * downloaded again every `[resources] refresh_hours`. A sighting whose despawn comes after such an event starts or
 * ends gets `futureEvent` (true), `futureEventName`, `futureEventTime` (the start or end, in the spot's zone and
 * `[locale] time` format's hours and minutes) and `futureEventTrigger` (`start` / `end`), as there. Feed times
 * are wall-clock times of the spot's own zone.
 */
import { timeZoneAt } from '../../core/enrich/time-zone.ts';
import { zoneOffsetMinutes } from '../../core/enrich/zone-offset.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { GameDataSource } from '../../core/gamedata/source.ts';
import type { MonsterEvent } from './event.ts';

/** One event of the feed that changes spawns, its start and end as written (`2026-11-29 14:00`). */
export interface SpawnEvent {
  readonly name: string;
  readonly start: string;
  readonly end: string;
  /** the start and end read as if they were UTC (ms): the real instant is within 14 hours of it, in any zone */
  readonly startGuess: number;
  readonly endGuess: number;
}

export interface FutureEvent {
  readonly futureEvent: boolean;
  readonly futureEventName: string;
  readonly futureEventTime: string;
  readonly futureEventTrigger: '' | 'start' | 'end';
}

export const NO_FUTURE_EVENT: FutureEvent = Object.freeze({ futureEvent: false, futureEventName: '', futureEventTime: '', futureEventTrigger: '' });

/** the feed's event types that change spawns */
const SPAWN_EVENT_TYPES = new Set(['community-day', 'pokemon-spotlight-hour']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function looksLikeEvents(raw: unknown): boolean {
  return Array.isArray(raw) && raw.every((e) => isObject(e) && typeof e['name'] === 'string' && typeof e['eventType'] === 'string');
}

function spawnEvents(raw: unknown): readonly SpawnEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: unknown): SpawnEvent[] => {
    if (!isObject(e) || !SPAWN_EVENT_TYPES.has(String(e['eventType'])) || typeof e['start'] !== 'string' || typeof e['end'] !== 'string') return [];
    const startGuess = wallClockMs(e['start'], 'UTC');
    const endGuess = wallClockMs(e['end'], 'UTC');
    return startGuess === null || endGuess === null ? [] : [{ name: String(e['name']), start: e['start'], end: e['end'], startGuess, endGuess }];
  });
}

/** any zone's offset is within this of UTC */
const MAX_OFFSET_MS = 14 * 3_600_000;

/** Whether an event start or end could fall between now and the despawn in some zone (the cheap test, no zone lookup). */
export function mayChangeSpawns(events: readonly SpawnEvent[], nowMs: number, despawnMs: number): boolean {
  const near = (guess: number): boolean => guess > nowMs - MAX_OFFSET_MS && guess < despawnMs + MAX_OFFSET_MS;
  return events.some((e) => near(e.startGuess) || near(e.endGuess));
}

export const EVENTS_SOURCE: GameDataSource<readonly SpawnEvent[]> = {
  name: 'events',
  url: (config) => config.resources.events_url,
  looksValid: looksLikeEvents,
  whenMissing: 'monster alerts carry no futureEvent variables',
  refreshes: true,
  parse: spawnEvents,
};

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** A feed time (wall clock of `zone`) as unix ms; null when it is no such time. */
export function wallClockMs(text: string, zone: string): number | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // the offset at the instant itself (two steps settle it, also next to a clock change)
  const first = asUtc - zoneOffsetMinutes(zone, asUtc) * 60_000;
  return asUtc - zoneOffsetMinutes(zone, first) * 60_000;
}

/** `HH:mm` of a feed time, as the previous generations show it. */
function hoursMinutes(text: string): string {
  const m = WALL_CLOCK.exec(text);
  return m ? `${m[4]}:${m[5]}` : text;
}

/** The first event that starts, else ends, between now and the despawn (both unix ms), in the spot's zone. */
export function futureEventOf(events: readonly SpawnEvent[], nowMs: number, despawnMs: number, zone: string): FutureEvent {
  for (const event of events) {
    for (const [trigger, at] of [['start', event.start], ['end', event.end]] as const) {
      const ms = wallClockMs(at, zone);
      if (ms !== null && nowMs < ms && ms < despawnMs) return { futureEvent: true, futureEventName: event.name, futureEventTime: hoursMinutes(at), futureEventTrigger: trigger };
    }
  }
  return NO_FUTURE_EVENT;
}

/** A sighting's future event: none without a despawn time or a feed event near it (no zone lookup then). */
export function futureEventFor(gameData: GameData, event: MonsterEvent, nowMs: number): FutureEvent {
  if (!event.disappearTime) return NO_FUTURE_EVENT;
  const events = gameData.source(EVENTS_SOURCE);
  const despawnMs = event.disappearTime * 1000;
  if (events.length === 0 || !mayChangeSpawns(events, nowMs, despawnMs)) return NO_FUTURE_EVENT;
  return futureEventOf(events, nowMs, despawnMs, timeZoneAt(event.latitude, event.longitude));
}
