/**
 * Reverse geocoding with the Google Geocoding API ([geocoding] provider = google; geocoding_key rotated):
 * `GET <base>/maps/api/geocode/json?latlng=<lat>,<lon>&key=<key>` where base is provider_url or
 * https://maps.googleapis.com; answered with `{ status, results: [{ formatted_address, address_components:
 * [{ long_name, short_name, types }] }] }`. `ZERO_RESULTS` is an empty address; any other non-OK status fails.
 */
import { isRecord, joinUrl, parseJson, requestText, REQUEST_TIMEOUT_MS, upstreamError } from '../http.ts';
import type { FetchFn } from '../types.ts';
import { EMPTY_ADDRESS, part, type Address } from './address.ts';

const WHAT = 'reverse geocoding (google)';
export const GOOGLE_BASE_URL = 'https://maps.googleapis.com';

interface Component {
  readonly long: string;
  readonly short: string;
  readonly types: readonly string[];
}

function components(result: Record<string, unknown>): Component[] {
  const list = Array.isArray(result.address_components) ? result.address_components : [];
  return list.filter(isRecord).map((c) => ({
    long: part(c.long_name),
    short: part(c.short_name),
    types: Array.isArray(c.types) ? c.types.filter((t): t is string => typeof t === 'string') : [],
  }));
}

/** Maps the first result of an OK answer. */
export function googleAddress(result: Record<string, unknown>): Address {
  const parts = components(result);
  const find = (...types: string[]) => types.map((t) => parts.find((c) => c.types.includes(t))).find((c) => c !== undefined);
  const long = (...types: string[]) => find(...types)?.long ?? '';
  return {
    streetName: long('route'),
    streetNumber: long('street_number'),
    city: long('locality', 'postal_town', 'administrative_area_level_3'),
    zipcode: long('postal_code'),
    country: long('country'),
    countryCode: (find('country')?.short ?? '').toUpperCase(),
    state: long('administrative_area_level_1'),
    county: long('administrative_area_level_2'),
    neighbourhood: long('neighborhood'),
    suburb: long('sublocality', 'sublocality_level_1'),
    formattedAddress: part(result.formatted_address),
  };
}

export function googleUrl(base: string, latitude: number, longitude: number, key: string): string {
  const params = new URLSearchParams({ latlng: `${latitude},${longitude}` });
  if (key) params.set('key', key);
  return `${joinUrl(base || GOOGLE_BASE_URL, 'maps/api/geocode/json')}?${params.toString()}`;
}

export async function googleReverse(fetchFn: FetchFn, base: string, key: string, latitude: number, longitude: number): Promise<Address> {
  const answer = await requestText(fetchFn, WHAT, googleUrl(base, latitude, longitude, key), {}, REQUEST_TIMEOUT_MS);
  if (answer.status !== 200) throw upstreamError(WHAT, `answered HTTP ${answer.status}`, { status: answer.status });
  const body = parseJson(WHAT, answer);
  const status = isRecord(body) && typeof body.status === 'string' ? body.status : 'missing status';
  if (status === 'ZERO_RESULTS') return EMPTY_ADDRESS;
  if (status !== 'OK' || !isRecord(body)) {
    const message = isRecord(body) && typeof body.error_message === 'string' ? `: ${body.error_message}` : '';
    throw upstreamError(WHAT, `status ${status}${message}`, { status });
  }
  const first = Array.isArray(body.results) ? body.results.find(isRecord) : undefined;
  return first ? googleAddress(first) : EMPTY_ADDRESS;
}
