/**
 * The AccuWeather HTTP calls the forecast needs: the location key of a point (geoposition search) and the 12-hour
 * hourly forecast of a location key (`details=true&metric=true`, so wind comes in km/h). The base URL is
 * configurable so tests point it at a local fake. A refused or failed call throws a ForecastCallError carrying
 * the HTTP status (0 when the provider was not reached).
 */
import { LookoutError } from '../errors.ts';
import type { ExternalCallTimer } from '../metrics/external-call.ts';
import type { HourlyEntry } from './conditions.ts';

export const ACCUWEATHER_URL = 'https://dataservice.accuweather.com';

const TIMEOUT_MS = 15_000;

export class ForecastCallError extends LookoutError {
  /** the HTTP status, 0 when the provider could not be reached or answered nonsense */
  readonly status: number;

  constructor(message: string, status: number, context: Record<string, unknown> = {}, cause?: unknown) {
    super('UNAVAILABLE', message, { ...context, status }, { cause });
    this.name = 'ForecastCallError';
    this.status = status;
  }

  /** the key itself was refused (unknown, revoked or not allowed): another key may work */
  get keyRefused(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** the key's allowance is used up (AccuWeather answers 503 or 429 then) */
  get keyExhausted(): boolean {
    return this.status === 429 || this.status === 503;
  }
}

export interface ForecastProvider {
  locationKey(latitude: number, longitude: number, apiKey: string): Promise<string>;
  hourly(locationKey: string, apiKey: string): Promise<readonly HourlyEntry[]>;
}

async function getJsonOnce(url: URL, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (err) {
    throw new ForecastCallError(`forecast provider unreachable (${what})`, 0, { host: url.host }, err);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ForecastCallError(`forecast provider answered ${response.status} (${what})`, response.status, { host: url.host });
  }
  try {
    return await response.json();
  } catch (err) {
    throw new ForecastCallError(`forecast provider sent no JSON (${what})`, 0, { host: url.host }, err);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isHourly(v: unknown): v is HourlyEntry {
  return isObject(v) && typeof v['EpochDateTime'] === 'number' && typeof v['WeatherIcon'] === 'number';
}

/**
 * The AccuWeather client at `baseUrl` (no trailing path needed); with `timed` (CoreServices.externalCalls) each call
 * is timed as service `forecast`.
 */
export function accuWeather(baseUrl: string = ACCUWEATHER_URL, timed?: ExternalCallTimer): ForecastProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const getJson = timed ? (url: URL, what: string) => timed('forecast', () => getJsonOnce(url, what)) : getJsonOnce;
  return {
    async locationKey(latitude, longitude, apiKey) {
      const url = new URL(`${base}/locations/v1/cities/geoposition/search`);
      url.searchParams.set('apikey', apiKey);
      url.searchParams.set('q', `${latitude},${longitude}`);
      const body = await getJson(url, 'location');
      if (!isObject(body) || typeof body['Key'] !== 'string' || body['Key'] === '') throw new ForecastCallError('forecast provider sent a location without a Key', 0);
      return body['Key'];
    },
    async hourly(locationKey, apiKey) {
      const url = new URL(`${base}/forecasts/v1/hourly/12hour/${encodeURIComponent(locationKey)}`);
      url.searchParams.set('apikey', apiKey);
      url.searchParams.set('details', 'true');
      url.searchParams.set('metric', 'true');
      const body = await getJson(url, 'forecast');
      if (!Array.isArray(body)) throw new ForecastCallError('forecast provider sent a forecast that is not a list', 0);
      return body.filter(isHourly);
    },
  };
}
