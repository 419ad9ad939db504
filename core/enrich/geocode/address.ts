/**
 * One reverse-geocoded address as the providers' answers are mapped to it, and the template variables made
 * from it: the named parts, `flag` (the country's flag emoji) and `addr` ([locale] address_format rendered
 * over the parts).
 */
import Handlebars from 'handlebars';
import type { Logger } from '../../log/logger.ts';

export interface Address {
  readonly streetName: string;
  readonly streetNumber: string;
  readonly city: string;
  readonly zipcode: string;
  readonly country: string;
  /** ISO 3166-1 alpha-2, upper case */
  readonly countryCode: string;
  readonly state: string;
  /** the district between city and state (Nominatim `county`, Google `administrative_area_level_2`) */
  readonly county: string;
  readonly neighbourhood: string;
  readonly suburb: string;
  readonly formattedAddress: string;
}

export const EMPTY_ADDRESS: Address = Object.freeze({
  streetName: '',
  streetNumber: '',
  city: '',
  zipcode: '',
  country: '',
  countryCode: '',
  state: '',
  county: '',
  neighbourhood: '',
  suburb: '',
  formattedAddress: '',
});

export interface AddressVariables extends Address {
  readonly addr: string;
  readonly flag: string;
}

/** The address variables when nothing is known (provider none, forward_only, a failure). */
export const EMPTY_ADDRESS_VARIABLES: AddressVariables = Object.freeze({ ...EMPTY_ADDRESS, addr: '', flag: '' });

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** `JP` → 🇯🇵 (two regional indicator symbols); '' for anything that is not two letters. */
export function countryFlag(code: string): string {
  const letters = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(...[...letters].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65));
}

/**
 * Addresses land inside message bodies that may be JSON text, so (as the previous generation did) double
 * quotes become two single quotes, backslashes `?` and line breaks spaces.
 */
export function bodySafe(text: string): string {
  return text.replace(/"/g, "''").replace(/\\/g, '?').replace(/[\r\n]+/g, ' ');
}

/** Any value a provider answered with → a trimmed, body-safe string. */
export function part(value: unknown): string {
  if (typeof value === 'string') return bodySafe(value.trim());
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Compiles [locale] address_format once; a broken format falls back to street name and number. */
export function addressFormatter(format: string, log: Logger): (address: Address) => string {
  const env = Handlebars.create();
  const fallback = (a: Address) => `${a.streetName} ${a.streetNumber}`.trim();
  try {
    env.parse(format);
  } catch (err) {
    log.warn({ key: 'locale.address_format', err: err instanceof Error ? err.message : String(err) }, 'address format is not a valid template; using street name and number');
    return fallback;
  }
  const template = env.compile(format);
  return (address) => {
    try {
      return bodySafe(template(address).replace(/\s+/g, ' ').trim());
    } catch {
      return fallback(address);
    }
  };
}

export function addressVariables(address: Address, format: (address: Address) => string): AddressVariables {
  return { ...address, addr: format(address), flag: countryFlag(address.countryCode) };
}
