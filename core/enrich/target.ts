/**
 * The recipient's variables: `distance` (metres, integer), `bearing` (degrees, integer, from the recipient to
 * the event), `bearingEmoji` (its arrow) and `prefix` (the platform's command prefix). The recipient's point
 * is the match's origin (a named location) or else the human's own location when it is set (not 0,0);
 * a distance the matcher measured is used as it is. Unknown values are empty strings.
 */
import type { EventLocation, Match } from '../contract.ts';
import { bearingArrow, bearingDegrees, distanceMetres } from '../geo/index.ts';
import type { TargetViewInput } from './types.ts';

export interface TargetVariables {
  readonly distance: number | '';
  readonly bearing: number | '';
  readonly bearingEmoji: string;
  readonly prefix: string;
}

function usable(point: EventLocation | undefined | null): point is EventLocation {
  return !!point && Number.isFinite(point.latitude) && Number.isFinite(point.longitude);
}

/** Where the recipient is measured from, or null when it is unknown. */
export function recipientPoint(match: Match): EventLocation | null {
  if (usable(match.origin)) return match.origin;
  const { latitude, longitude } = match.human;
  const point = { latitude, longitude };
  return usable(point) && !(latitude === 0 && longitude === 0) ? point : null;
}

export function targetVariables(input: TargetViewInput): TargetVariables {
  const { location, match } = input;
  const from = recipientPoint(match);
  const measured = match.distanceM !== undefined && Number.isFinite(match.distanceM) ? Math.round(match.distanceM) : null;
  if (!usable(location) || !from) return { distance: measured ?? '', bearing: '', bearingEmoji: '', prefix: input.commandPrefix };
  const distance = measured ?? Math.round(distanceMetres(from.latitude, from.longitude, location.latitude, location.longitude));
  const bearing = Math.round(bearingDegrees(from.latitude, from.longitude, location.latitude, location.longitude)) % 360;
  return { distance, bearing, bearingEmoji: bearingArrow(bearing), prefix: input.commandPrefix };
}
