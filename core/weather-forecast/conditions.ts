/**
 * AccuWeather's hourly forecast entry → the game's weather condition (0 none, 1 clear, 2 rain, 3 partly cloudy,
 * 4 cloudy, 5 windy, 6 snow, 7 fog), by its WeatherIcon code as the previous generations map it; a clear or
 * cloudy hour with strong wind (over 20 km/h, gusts over 30 km/h) is windy, as PoracleNG reads the wind.
 */

/** The fields of one hourly entry this service reads. */
export interface HourlyEntry {
  readonly EpochDateTime: number;
  readonly WeatherIcon: number;
  readonly Wind?: { readonly Speed?: { readonly Value?: number } };
  readonly WindGust?: { readonly Speed?: { readonly Value?: number } };
}

const BY_ICON: ReadonlyMap<number, number> = new Map(
  (
    [
      [1, [1, 2, 30, 33, 34]],
      [2, [12, 15, 18, 26, 29]],
      [3, [3, 4, 14, 17, 21, 35, 36, 39, 41]],
      [4, [5, 6, 7, 8, 13, 16, 20, 23, 37, 38, 40, 42]],
      [5, [32]],
      [6, [19, 22, 24, 25, 31, 43, 44]],
      [7, [11]],
    ] as const
  ).flatMap(([condition, icons]) => icons.map((icon) => [icon, condition] as [number, number])),
);

/** sky-only icons (no precipitation), which wind turns windy */
const WIND_SENSITIVE = new Set([1, 2, 3, 4, 5, 6, 7, 8, 33, 34, 35, 36, 37, 38]);

const WINDY = 5;

export function gameCondition(entry: HourlyEntry): number {
  const condition = BY_ICON.get(entry.WeatherIcon) ?? 0;
  if (!WIND_SENSITIVE.has(entry.WeatherIcon)) return condition;
  const wind = entry.Wind?.Speed?.Value ?? 0;
  const gust = entry.WindGust?.Speed?.Value ?? 0;
  return wind > 20 || gust > 30 ? WINDY : condition;
}
