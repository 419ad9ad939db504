/**
 * Bad requests for any /api route, derived from its registered path (`METHOD /api/a/:param/…`) so a route added
 * later is covered without naming it: the route with good parameters and every bad body (none, not JSON, JSON of
 * every wrong type, deep, huge, prototype keys) and each known field alone with a wrong value; each parameter in
 * turn replaced by junk (empty, very long, percent junk, unicode, `..`, numbers where ids go and ids where numbers
 * go); junk query strings; and no or a wrong secret.
 */
import { deepNesting, jsonText, RAW_NUMBERS, withKey } from './junk-values.ts';
import type { RawRequest } from './raw-http.ts';

/** What the good parameter values point at: records the test seeded. */
export interface ApiSeed {
  readonly humanId: string;
  /** a human whose id is all digits (a chat id) */
  readonly numericId: string;
  /** a rule of the seeded human in the table of `trackingType` */
  readonly uid: number;
  readonly trackingType: string;
  readonly label: string;
  readonly area: string;
  readonly latitude: number;
  readonly longitude: number;
}

export interface ApiCase {
  /** the route as registered, `METHOD /api/path/:param` */
  readonly route: string;
  /** what is bad about it */
  readonly variant: string;
  readonly request: RawRequest;
}

const enc = encodeURIComponent;

/** good values by parameter name; a parameter this does not know gets `x` */
function goodParams(seed: ApiSeed): Readonly<Record<string, string>> {
  return {
    id: enc(seed.humanId),
    type: seed.trackingType,
    uid: String(seed.uid),
    lat: String(seed.latitude),
    lon: String(seed.longitude),
    distance: '500',
    profile: '1',
    profile_no: '2',
    n: '2',
    from: '1',
    to: '2',
    label: enc(seed.label),
    area: enc(seed.area),
  };
}

function paramJunk(seed: ApiSeed): readonly string[] {
  return [
    '',
    'x'.repeat(3000),
    '%',
    '%E0%A4%A',
    '%00',
    '%2e%2e',
    '..',
    '%2F..%2F..%2Fetc%2Fpasswd',
    enc('🦄 ü ﷽'),
    '\u00fc\u00e9', // sent as raw latin-1 bytes: not UTF-8
    seed.numericId,
    enc(seed.humanId),
    '-1',
    '0',
    '1.5',
    '1e999',
    'NaN',
    'Infinity',
    '9'.repeat(40),
    enc("'; DROP TABLE humans; --"),
    '__proto__',
    'constructor',
  ];
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** an object with every field the API reads, each of a wrong type */
function wrongTypes(): Record<string, unknown> {
  return {
    id: [],
    name: { a: 1 },
    type: 5,
    latitude: 'NaN',
    longitude: RAW_NUMBERS[0],
    area: 5,
    areas: { x: 1 },
    profile_no: 'abc',
    active_hours: 'always',
    label: null,
    target: {},
    message: [],
    template: [[]],
    language: 99,
    enabled: 'maybe',
    pokemon_id: -1,
    level: 'x',
    uid: 'x',
    distance: -5,
    clean: 'x',
    ping: {},
    platform: true,
    areas_restriction: 'x',
    blocked_alerts: 7,
  };
}

/** bodies sent to every route with good parameters: [what, content type or none, text or none] */
function badBodies(): readonly [string, string | null, string | undefined][] {
  const wrong = wrongTypes();
  return [
    ['no body', null, undefined],
    ['blank body', 'application/json', ' '],
    ['not JSON', 'application/json', 'not json'],
    ['truncated JSON', 'application/json', '{"a":'],
    ['text/plain', 'text/plain', 'hello'],
    ['form encoded', 'application/x-www-form-urlencoded', 'id=1&name=x'],
    ...['null', '0', '-1', '1e400', '"str"', 'true', '[]', '[null]', '[1,"x",{}]', '{}'].map((t): [string, string, string] => [`JSON ${t}`, 'application/json', t]),
    ['deep array', 'application/json', deepNesting(10_000).text],
    ['deep object', 'application/json', deepNesting(10_000, 'object').text],
    ['__proto__ key', 'application/json', '{"__proto__":{"polluted":"yes"},"id":"x"}'],
    ['constructor key', 'application/json', '{"constructor":{"prototype":{"polluted":"yes"}}}'],
    ['huge string', 'application/json', JSON.stringify('x'.repeat(1_000_000))],
    ['wrong types', 'application/json', jsonText(wrong)],
    ['wrong types with __proto__', 'application/json', jsonText(withKey('__proto__', wrong, wrong))],
    ['array of wrong types', 'application/json', jsonText([wrong, wrong, withKey('__proto__', { polluted: 'yes' })])],
    ['5000 objects', 'application/json', jsonText(Array.from({ length: 5000 }, (_, i) => ({ i })))],
    ['nested junk', 'application/json', jsonText({ a: [{ b: { c: [null, RAW_NUMBERS[1], { d: 'x'.repeat(10_000) }] } }], ping: '\u0000', name: '\ud800' })],
  ];
}

/** fields the API reads somewhere (humans, profiles, locations, rules, messages, templates) */
const FIELDS: readonly string[] = [...Object.keys(wrongTypes()), 'tth', 'form', 'min_iv', 'max_iv', 'gym_id', 'reward', 'reward_type', 'lure_id', 'grunt_type', 'description', 'notes', 'community_membership'];

/** values of the wrong kind for one field, taken in turn so that every field meets several of them */
const FIELD_JUNK: readonly unknown[] = [null, -1, 'x'.repeat(5000), [], {}, true, '1e999', RAW_NUMBERS[0], withKey('__proto__', { polluted: 'yes' }), [null, { a: [] }], 'NaN', '\u0000', 1.5, ''];

/** each field alone with a wrong value, as an object and as an array of one (the routes taking lists) */
function fieldBodies(): readonly [string, string][] {
  return FIELDS.flatMap((field, i) => {
    const one = FIELD_JUNK[(2 * i) % FIELD_JUNK.length];
    const other = FIELD_JUNK[(2 * i + 1) % FIELD_JUNK.length];
    return [
      [`${field}=${jsonText(one).slice(0, 30)}`, jsonText({ [field]: one })],
      [`[${field}=${jsonText(other).slice(0, 30)}]`, jsonText([{ [field]: other }])],
    ] as [string, string][];
  });
}

const QUERY_JUNK: readonly string[] = [
  '?limit=-1&offset=abc&type=%00',
  '?profile_no=NaN&silent=maybe',
  '?profile_no=1&profile_no=2',
  '?%E0%A4%A=1&x=%',
  '?__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
  `?q=${'a'.repeat(5000)}`,
];

function fill(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => values[name] ?? 'x');
}

/** Every bad request of one route (`METHOD /api/…`) with the secret given. */
export function apiCases(route: string, seed: ApiSeed, secret: string): ApiCase[] {
  const [method, template] = route.split(' ') as [string, string];
  const good = goodParams(seed);
  const auth = { 'x-service-secret': secret };
  const goodPath = fill(template, good);
  const cases: ApiCase[] = [];
  const add = (variant: string, request: RawRequest): void => void cases.push({ route, variant, request });

  for (const [what, type, body] of badBodies()) add(what, { method, path: goodPath, headers: { ...auth, ...(type ? { 'content-type': type } : {}) }, ...(body === undefined ? {} : { body }) });
  if (method !== 'GET' && method !== 'DELETE') for (const [what, body] of fieldBodies()) add(what, { method, path: goodPath, headers: { ...auth, ...JSON_TYPE }, body });
  const params = [...template.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  for (const param of params) {
    for (const junk of paramJunk(seed)) {
      const path = fill(template, { ...good, [param]: junk });
      const withBody = method !== 'GET' && method !== 'DELETE';
      add(`:${param}=${JSON.stringify(junk.slice(0, 40))}`, { method, path, headers: { ...auth, ...(withBody ? JSON_TYPE : {}) }, ...(withBody ? { body: '{}' } : {}) });
    }
  }
  for (const query of QUERY_JUNK) add(`query ${query.slice(0, 60)}`, { method, path: goodPath + query, headers: auth });
  add('no secret', { method, path: goodPath });
  add('wrong secret', { method, path: goodPath, headers: { 'x-service-secret': `${secret}-not` } });
  return cases;
}
