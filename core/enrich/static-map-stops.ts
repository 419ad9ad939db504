/**
 * The stops and gyms a tile server template may draw around the event ([geocoding] include_stops): the forts of
 * the map's frame ([geocoding] width × height at zoom) from the scanner database, as the previous generation posted
 * them: `nearbyStops` (`latitude`, `longitude`, `type` "stop" or "gym"; gyms also `teamId`, `slots` and `imgUrl`,
 * their icon) and `uiconPokestopUrl` (the stop icon). Both queries run in parallel, each bounded in time by the
 * scanner database; a database that cannot answer leaves the list short or empty, never the map late.
 */
import type { EventLocation } from '../contract.ts';
import type { Icons } from '../icons/index.ts';
import { frameBox, type NearbyFort, type ScannerDbLookup } from '../scanner-db/index.ts';

/** forts of each kind sent at most (the nearest to the event) */
export const NEARBY_LIMIT = 200;

/** gyms hold six defenders */
const GYM_SLOTS = 6;

export interface MapFrame {
  readonly width: number;
  readonly height: number;
  readonly zoom: number;
}

export type NearbyStops = (location: EventLocation) => Promise<Readonly<Record<string, unknown>>>;

function entryOf(fort: NearbyFort, icons: Icons | null): Record<string, unknown> {
  if (fort.kind === 'pokestop') return { latitude: fort.latitude, longitude: fort.longitude, type: 'stop' };
  const teamId = fort.teamId ?? 0;
  const slots = fort.slots ?? 0;
  const entry: Record<string, unknown> = { latitude: fort.latitude, longitude: fort.longitude, type: 'gym', teamId, slots };
  if (icons) entry.imgUrl = icons.image().gym(teamId, { trainerCount: Math.max(0, GYM_SLOTS - slots) });
  return entry;
}

export function nearbyStopsFor(db: ScannerDbLookup, frame: MapFrame, icons: () => Icons | null): NearbyStops {
  return async (location) => {
    const box = frameBox(location, frame.width, frame.height, frame.zoom);
    const [stops, gyms] = await Promise.all([db.nearby('pokestop', box, NEARBY_LIMIT), db.nearby('gym', box, NEARBY_LIMIT)]);
    const set = icons();
    const variables: Record<string, unknown> = { nearbyStops: [...stops, ...gyms].map((fort) => entryOf(fort, set)) };
    if (set) variables.uiconPokestopUrl = set.image().pokestop();
    return variables;
  };
}
