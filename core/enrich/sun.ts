/**
 * Day and night at the event's spot: `nightTime` (the sun is down), `dawnTime` (within the hour after sunrise)
 * and `duskTime` (within the hour before sunset), as both previous generations gave templates and tile server
 * styles. Sunrise and sunset come from the standard low-precision solar position formulas (the sun's centre
 * 0.833° below the horizon), accurate to a minute or two, computed offline for the solar day around the instant.
 */

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Julian day of 1970-01-01T00:00Z and of the J2000 epoch */
const J1970 = 2_440_588;
const J2000 = 2_451_545;
const OBLIQUITY = 23.4397 * RAD;
/** the sun's altitude at sunrise and sunset: refraction and its radius */
const HORIZON = -0.833 * RAD;
/** mean solar noon's offset from a whole Julian day (J2000 convention) */
const J0 = 0.0009;

export interface SunVariables {
  readonly nightTime: boolean;
  readonly dawnTime: boolean;
  readonly duskTime: boolean;
}

export interface SunTimes {
  /** unix ms; null when the sun neither rises nor sets that day (polar day or night) */
  readonly sunrise: number | null;
  readonly sunset: number | null;
  /** for a day without sunrise: whether the sun stays up (true) or down (false) */
  readonly alwaysUp: boolean;
}

function daysSinceJ2000(ms: number): number {
  return ms / DAY_MS - 0.5 + J1970 - J2000;
}

function msOfJulian(julian: number): number {
  return (julian + 0.5 - J1970) * DAY_MS;
}

/** Sunrise and sunset of the solar day nearest `ms` at a spot. */
export function sunTimes(ms: number, latitude: number, longitude: number): SunTimes {
  const westLongitude = -longitude * RAD;
  const phi = latitude * RAD;
  const cycle = Math.round(daysSinceJ2000(ms) - J0 - westLongitude / (2 * Math.PI));
  const approxNoon = J0 + westLongitude / (2 * Math.PI) + cycle;
  const meanAnomaly = RAD * (357.5291 + 0.98560028 * approxNoon);
  const centre = RAD * (1.9148 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly) + 0.0003 * Math.sin(3 * meanAnomaly));
  const eclipticLongitude = meanAnomaly + centre + RAD * 102.9372 + Math.PI;
  const declination = Math.asin(Math.sin(OBLIQUITY) * Math.sin(eclipticLongitude));
  const transit = (days: number) => J2000 + days + 0.0053 * Math.sin(meanAnomaly) - 0.0069 * Math.sin(2 * eclipticLongitude);
  const noon = transit(approxNoon);
  const cosHourAngle = (Math.sin(HORIZON) - Math.sin(phi) * Math.sin(declination)) / (Math.cos(phi) * Math.cos(declination));
  if (!(cosHourAngle >= -1 && cosHourAngle <= 1)) return { sunrise: null, sunset: null, alwaysUp: cosHourAngle < -1 };
  const hourAngle = Math.acos(cosHourAngle);
  const set = transit(J0 + (hourAngle + westLongitude) / (2 * Math.PI) + cycle);
  const rise = noon - (set - noon);
  return { sunrise: msOfJulian(rise), sunset: msOfJulian(set), alwaysUp: false };
}

/** Whether it is night, dawn or dusk at `ms` at a spot (all false for a spot that is not a position). */
export function sunVariables(ms: number, latitude: number, longitude: number): SunVariables {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !Number.isFinite(ms)) return { nightTime: false, dawnTime: false, duskTime: false };
  const { sunrise, sunset, alwaysUp } = sunTimes(ms, latitude, longitude);
  if (sunrise === null || sunset === null) return { nightTime: !alwaysUp, dawnTime: false, duskTime: false };
  return {
    nightTime: !(ms > sunrise && ms < sunset),
    dawnTime: ms > sunrise && ms < sunrise + HOUR_MS,
    duskTime: ms > sunset - HOUR_MS && ms < sunset,
  };
}
