/**
 * Reverse geocoding with a Nominatim server ([geocoding] provider = nominatim, provider_url = its base):
 * `GET <provider_url>/reverse?format=json&lat=…&lon=…&addressdetails=1`, answered with
 * `{ display_name, address: { road, house_number, city|town|village|hamlet, postcode, state, country, country_code, … } }`.
 */
import { isRecord, joinUrl, parseJson, requestText, REQUEST_TIMEOUT_MS, upstreamError } from '../http.ts';
import type { FetchFn } from '../types.ts';
import { EMPTY_ADDRESS, part, type Address } from './address.ts';

const WHAT = 'reverse geocoding (nominatim)';

/** Maps a reverse answer; an answer without `address` (e.g. `{error: "Unable to geocode"}` at sea) is an empty address. */
export function nominatimAddress(answer: unknown): Address {
  if (!isRecord(answer) || !isRecord(answer.address)) return EMPTY_ADDRESS;
  const a = answer.address;
  const first = (...keys: string[]) => keys.map((k) => part(a[k])).find((v) => v !== '') ?? '';
  return {
    streetName: first('road', 'pedestrian', 'cycleway', 'footway'),
    streetNumber: part(a.house_number),
    city: first('city', 'town', 'village', 'hamlet', 'municipality'),
    zipcode: part(a.postcode),
    country: part(a.country),
    countryCode: part(a.country_code).toUpperCase(),
    state: part(a.state),
    county: part(a.county),
    neighbourhood: part(a.neighbourhood),
    suburb: part(a.suburb),
    formattedAddress: part(answer.display_name),
  };
}

export function nominatimUrl(base: string, latitude: number, longitude: number): string {
  const params = new URLSearchParams({ format: 'json', lat: String(latitude), lon: String(longitude), addressdetails: '1' });
  return `${joinUrl(base, 'reverse')}?${params.toString()}`;
}

export async function nominatimReverse(fetchFn: FetchFn, base: string, latitude: number, longitude: number): Promise<Address> {
  const answer = await requestText(fetchFn, WHAT, nominatimUrl(base, latitude, longitude), { headers: { accept: 'application/json' } }, REQUEST_TIMEOUT_MS);
  if (answer.status !== 200) throw upstreamError(WHAT, `answered HTTP ${answer.status}`, { status: answer.status });
  return nominatimAddress(parseJson(WHAT, answer));
}
