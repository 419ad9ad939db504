/**
 * Hostile JSON values for the fuzz tests, drawn from a seeded generator: wrong types, NaN and Infinity spelled as
 * strings, numbers JSON can write but JavaScript cannot hold, prototype-pollution keys, very long and odd unicode
 * strings, deep nesting; and `jsonText`, which writes a value as JSON text with those raw number tokens and
 * nesting left exactly as a hostile client would send them.
 */
import type { Random } from '../../bench/random.ts';

/** JSON text written into the body as is (a number JSON.stringify cannot produce, deep nesting, a lone surrogate). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Numbers as hostile senders write them: beyond double range (parse to ±Infinity or 0), beyond 2^53, -0. */
export const RAW_NUMBERS: readonly RawJson[] = ['1e400', '-1e400', '1E-400', '123456789012345678901234567890', '-0', '18446744073709551616', '0.000000000000000000000000000001'].map(
  (t) => new RawJson(t),
);

/** Numbers that spell NaN and Infinity as strings (or in other ways a lenient reader might take). */
export const NUMBER_STRINGS: readonly string[] = ['NaN', 'nan', 'Infinity', '-Infinity', '+Infinity', '1e999', '-1e999', '0x1F', '12abc', ' 42 ', '', '1,5', '١٢', 'null', 'undefined', 'true'];

/** Coordinates that are negative, out of range, or not numbers at all. */
export const BAD_COORDINATES: readonly unknown[] = [-91, 91, 180.5, -181, 1e10, -1e10, 90.0000001, -90.0000001, 'NaN', '48.1 N', '', null, [], {}, true, new RawJson('1e400'), new RawJson('-1e400')];

/** Keys that pollute a prototype when a reader merges objects carelessly. */
export const PROTO_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** Strings with unicode that trips naive code: emoji, combining marks, right-to-left, zero-width, NUL, BOM. */
export const ODD_STRINGS: readonly string[] = [
  '🦄🔥💯',
  'Z̷̢̛a̶l̸g̵o̶',
  'مرحبا بالعالم',
  'a\u200bb\u200cc\u200d',
  'nul\u0000byte',
  '\ufeffbom',
  '𝕌𝕟𝕚𝕔𝕠𝕕𝕖',
  '<script>alert(1)</script>',
  '{{#each this}}{{/each}}',
  "'; DROP TABLE humans; --",
  '%s%s%n',
  '\\u0000',
  '\r\n\t',
];

/** A lone surrogate: valid JSON text, not valid unicode. */
export const LONE_SURROGATE = new RawJson('"\\ud800 lone \\udfff"');

/** an object with `key` as an own property (even `__proto__`, which an object literal would turn into a prototype) */
export function withKey(key: string, value: unknown, base: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** `[[[…]]]` (or `{"a":{"a":…}}`) nested `depth` levels, as JSON text. */
export function deepNesting(depth: number, kind: 'array' | 'object' = 'array'): RawJson {
  return kind === 'array' ? new RawJson('['.repeat(depth) + ']'.repeat(depth)) : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** `length` characters drawn from an alphabet that includes multi-byte characters (a long one repeats a random piece). */
export function randomString(random: Random, length: number, alphabet = 'abcXYZ019 _-.:/%&?#é✓🦄'): string {
  const chars = [...alphabet];
  const piece = Array.from({ length: Math.min(length, 256) }, () => random.pick(chars)).join('');
  return length <= 256 ? piece : piece.repeat(Math.ceil(length / 256)).slice(0, length);
}

/** A type name no plugin serves: long and random. */
export function unknownTypeName(random: Random): string {
  return `zz_${randomString(random, random.int(20, 4000), 'abcdefghijklmnopqrstuvwxyz_0123456789')}`;
}

/** One value of a wrong or hostile kind for any field; strings up to `maxLength` characters. */
export function junkValue(random: Random, maxLength = 100_000): unknown {
  switch (random.int(0, 11)) {
    case 0:
      return random.pick([null, true, false, 0, -1, 1.5, -0.5, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, Number.MAX_VALUE]);
    case 1:
      return random.pick(RAW_NUMBERS);
    case 2:
      return random.pick(NUMBER_STRINGS);
    case 3:
      return random.pick(ODD_STRINGS);
    case 4:
      return randomString(random, random.int(Math.min(1000, maxLength), maxLength));
    case 5:
      return random.pick([[], [null], [1, 2, 3], ['a'], [[[]]], [{}]]);
    case 6:
      return random.pick([{}, { a: 1 }, { latitude: 1, longitude: 2 }, { info: null }]);
    case 7:
      return withKey(random.pick(PROTO_KEYS), { polluted: 'yes', prototype: { polluted: 'yes' } });
    case 8:
      return deepNesting(random.pick([50, 1000, Math.min(20_000, maxLength)]), random.chance(0.5) ? 'array' : 'object');
    case 9:
      return Array.from({ length: random.pick([0, 1, Math.min(5000, maxLength)]) }, () => random.pick([null, 1, 'x', {}]));
    case 10:
      return LONE_SURROGATE;
    default:
      return random.pick(BAD_COORDINATES);
  }
}

/**
 * `value` as JSON text: RawJson written as is, own keys in order (an own `__proto__` key included). JSON.stringify
 * does the work; each RawJson goes through it as a numbered placeholder string and is put back afterwards.
 */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v)) ?? 'null';
  return raws.length === 0 ? text : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}
