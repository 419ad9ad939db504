/**
 * A local fake of the AccuWeather endpoints the forecast uses, answering with AccuWeather's JSON shapes: the
 * geoposition search (`{ Key, LocalizedName, GeoPosition… }`) and the 12-hour hourly forecast (entries with
 * `DateTime`, `EpochDateTime`, `WeatherIcon`, `IconPhrase`, `Wind`, `WindGust`…). Keys listed in `refusedKeys`
 * get a 401 like AccuWeather's for an invalid key; each call is recorded (path and key) so tests count them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHour {
  /** unix seconds of the hour's start */
  readonly epoch: number;
  readonly icon: number;
  /** km/h */
  readonly wind?: number;
}

export interface FakeAccuWeatherOptions {
  /** the hours every location's forecast lists */
  hours: readonly FakeHour[];
  readonly refusedKeys?: readonly string[];
}

export interface FakeCall {
  readonly kind: 'location' | 'forecast';
  readonly apiKey: string;
  readonly query: string;
}

export interface FakeAccuWeather {
  readonly url: string;
  readonly calls: FakeCall[];
  readonly options: FakeAccuWeatherOptions;
  close(): Promise<void>;
}

function hourEntry(hour: FakeHour, locationKey: string): Record<string, unknown> {
  const wind = hour.wind ?? 5;
  return {
    DateTime: new Date(hour.epoch * 1000).toISOString().replace('.000Z', '+00:00'),
    EpochDateTime: hour.epoch,
    WeatherIcon: hour.icon,
    IconPhrase: `icon ${hour.icon}`,
    HasPrecipitation: false,
    IsDaylight: true,
    Temperature: { Value: 4.2, Unit: 'C', UnitType: 17 },
    Wind: { Speed: { Value: wind, Unit: 'km/h', UnitType: 7 }, Direction: { Degrees: 250, Localized: 'WSW', English: 'WSW' } },
    WindGust: { Speed: { Value: wind * 1.4, Unit: 'km/h', UnitType: 7 } },
    PrecipitationProbability: 10,
    MobileLink: `http://www.accuweather.com/en/de/x/${locationKey}/hourly-weather-forecast/${locationKey}?day=1&hbhhour=9&lang=en-us`,
    Link: `http://www.accuweather.com/en/de/x/${locationKey}/hourly-weather-forecast/${locationKey}?day=1&hbhhour=9&lang=en-us`,
  };
}

const UNAUTHORIZED = { Code: 'Unauthorized', Message: 'Api Authorization failed', Reference: '/locations/v1/cities/geoposition/search' };

export async function startFakeAccuWeather(options: FakeAccuWeatherOptions): Promise<FakeAccuWeather> {
  const calls: FakeCall[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = url.searchParams.get('apikey') ?? '';
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const location = url.pathname === '/locations/v1/cities/geoposition/search';
    const forecast = /^\/forecasts\/v1\/hourly\/12hour\/([^/]+)$/.exec(url.pathname);
    if (!location && !forecast) return send(404, { Code: 'ResourceNotFound', Message: 'not found' });
    calls.push({ kind: location ? 'location' : 'forecast', apiKey, query: url.search });
    if (options.refusedKeys?.includes(apiKey) || apiKey === '') return send(401, UNAUTHORIZED);
    if (location) {
      const q = url.searchParams.get('q') ?? '';
      return send(200, { Version: 1, Key: `loc-${q}`, Type: 'City', Rank: 35, LocalizedName: 'Somewhere', GeoPosition: { Latitude: 0, Longitude: 0 } });
    }
    const key = decodeURIComponent(forecast![1]!);
    return send(200, options.hours.map((h) => hourEntry(h, key)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
