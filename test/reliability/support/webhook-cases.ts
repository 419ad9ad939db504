/**
 * The requests of the `POST /` fuzz, generated from a seed: hostile bodies (not JSON, truncated JSON, JSON that is
 * no batch, deep nesting, huge numbers, mutated scanner messages, junk envelopes, unknown types, arrays of 0 and
 * 5,000 items, single objects, odd methods and content types) with the valid items spread among them, each
 * request with what the service must answer and count for it.
 */
import type { Random } from '../../bench/random.ts';
import { deepNesting, jsonText, junkValue, PROTO_KEYS, RAW_NUMBERS, randomString, RawJson, unknownTypeName, withKey } from './junk-values.ts';
import type { RawRequest } from './raw-http.ts';
import { envelopeType, HOOK_KINDS, mutate, scannerMessage, type Place } from './scanner-hooks.ts';

/** A valid webhook item and the receiver path its one alert must arrive at. */
export interface ValidItem {
  readonly envelope: { readonly type: string; readonly message: Record<string, unknown> };
  readonly path: string;
}

export interface WebhookCase {
  readonly kind: string;
  readonly request: RawRequest;
  /** `accepted`: 200 with the intake's counts; `refused`: a 4xx; `either`: a 2xx or a 4xx */
  readonly expect: 'accepted' | 'refused' | 'either';
  /** how many times the request counts as `invalid_json` (a body that is not JSON, or JSON that is no batch) */
  readonly invalidJson: number;
  /** items the intake must refuse (not an item, unknown type); what an accepted answer reports as `rejected` */
  readonly intakeRejected: number;
  /** the receiver paths of the valid items in the body */
  readonly validPaths: readonly string[];
}

export interface CaseOptions {
  readonly random: Random;
  /** how many requests, valid ones included */
  readonly count: number;
  readonly valid: readonly ValidItem[];
  /** where the hostile scanner messages are (no valid item's target is near) */
  readonly junkAt: Place;
  readonly nowS: number;
  /** whether a plugin serves an envelope type */
  readonly served: (type: string) => boolean;
}

interface Draft {
  readonly kind: string;
  readonly items: unknown[];
  /** sent as the one object instead of an array of one */
  readonly bare: boolean;
  intakeRejected: number;
  readonly validPaths: string[];
}

interface Envelope {
  readonly item: unknown;
  readonly rejected: number;
}

const JSON_TYPE = { 'content-type': 'application/json' };
/** the longest hostile strings: in single messages, in batches, and in batches of thousands (a few MB each) */
const LONG = 100_000;
const MEDIUM = 2000;
const SHORT = 300;

class Generator {
  private seq = 0;

  constructor(private readonly o: CaseOptions) {}

  private get random(): Random {
    return this.o.random;
  }

  private freshId(): string {
    return `junk-${(++this.seq).toString(36)}-${randomString(this.random, 6, 'abcdef0123456789')}`;
  }

  /** a scanner message at the junk place with one hostile change (strings up to `maxLength`) */
  hostileItem(maxLength = LONG): Envelope {
    const kind = this.random.pick(HOOK_KINDS);
    const message = scannerMessage(kind, this.o.junkAt, this.freshId(), this.o.nowS, ++this.seq);
    return { item: { type: envelopeType(kind), message: this.random.chance(0.1) ? message : mutate(this.random, message, maxLength) }, rejected: 0 };
  }

  /** an envelope the intake must refuse: not an item, no type, no message object, or a type nobody serves */
  junkEnvelope(): Envelope {
    const r = this.random;
    const message = scannerMessage('pokemon', this.o.junkAt, this.freshId(), this.o.nowS, ++this.seq);
    const typed = (type: string): Envelope => ({ item: { type, message }, rejected: 1 });
    switch (r.int(0, 8)) {
      case 0:
        return { item: r.pick([1, 'pokemon', null, true, [], [{ type: 'pokemon', message }], ...RAW_NUMBERS]), rejected: 1 };
      case 1:
        return { item: { message }, rejected: 1 };
      case 2:
        return { item: { type: r.pick(['', 5, null, [], {}, true, ['pokemon'], new RawJson('1e400')]), message }, rejected: 1 };
      case 3:
        return { item: { type: r.pick(['pokemon', 'raid', 'quest']) }, rejected: 1 };
      case 4:
        return { item: { type: r.pick(['pokemon', 'raid', 'weather']), message: r.pick(['x', 5, null, [], [message], true, new RawJson('1e400')]) }, rejected: 1 };
      case 5:
        return { item: withKey('__proto__', { type: 'pokemon', message }), rejected: 1 };
      case 6:
        return typed(unknownTypeName(r));
      case 7:
        return typed(r.pick(PROTO_KEYS));
      default: {
        const type = r.pick(['POKEMON', ' pokemon', 'pokemon\u0000', 'raid ', 'gym_detail', 'pokemon_iv', 'account', '🦄']);
        return { item: { type, message }, rejected: this.o.served(type) ? 0 : 1 };
      }
    }
  }

  private batch(kind: string, size: number, junkShare: number): Draft {
    const items: unknown[] = [];
    let rejected = 0;
    for (let i = 0; i < size; i++) {
      const e = this.random.chance(junkShare) ? this.junkEnvelope() : this.hostileItem(size > 40 ? SHORT : MEDIUM);
      items.push(e.item);
      rejected += e.rejected;
    }
    return { kind, items, bare: false, intakeRejected: rejected, validPaths: [] };
  }

  /** a batch of `size` (default 1–40) mutated messages and junk envelopes */
  hostileBatch(size = this.random.int(1, 40)): Draft {
    return this.batch(size > 40 ? `batch of ${size}` : 'hostile batch', size, 0.3);
  }

  /** one mutated message or junk envelope (an object: a bare scalar or array is no single item), not in an array */
  single(): Draft {
    let e = this.random.chance(0.5) ? this.junkEnvelope() : this.hostileItem();
    while (!isObject(e.item)) e = this.junkEnvelope();
    return { kind: 'single object', items: [e.item], bare: true, intakeRejected: e.rejected, validPaths: [] };
  }

  /** a batch whose messages nest deep (JSON.stringify of such a value overflows the stack) */
  deepMessage(): Draft {
    const d = this.batch('deep message', this.random.int(0, 2), 0.5);
    const message = { ...scannerMessage('pokemon', this.o.junkAt, this.freshId(), this.o.nowS, ++this.seq), pvp: deepNesting(this.random.pick([5000, 100_000])) };
    d.items.push({ type: 'pokemon', message });
    return d;
  }

  /** every item of an unknown type */
  unknownTypes(): Draft {
    const items = Array.from({ length: this.random.int(1, 30) }, () => ({ type: unknownTypeName(this.random), message: { junk: junkValue(this.random, SHORT) } }));
    return { kind: 'unknown types', items, bare: false, intakeRejected: items.length, validPaths: [] };
  }

  emptyArray(): Draft {
    return { kind: 'empty array', items: [], bare: false, intakeRejected: 0, validPaths: [] };
  }

  /** a body that is not JSON (never blank) */
  notJson(): WebhookCase {
    const r = this.random;
    const body = r.pick([
      () => randomString(r, r.int(1, 3000), 'abc{}[]":,\\ 01é🦄\u0000\n'),
      () => "{'type':'pokemon'}",
      () => '[{"type":"pokemon","message":{}},]',
      () => 'undefined',
      () => 'NaN',
      () => '<?xml version="1.0"?><webhook/>',
      () => 'type=pokemon&message=%7B%7D',
      () => '\ufeff[]',
      () => '[1e400e5]',
      () => `[${'"\\u12"'}]`,
      () => '[{"type":"pokemon","message":{"a":1}}]garbage',
    ])();
    return this.refused('not JSON', { method: 'POST', path: '/', headers: { 'content-type': r.pick(['application/json', 'text/plain']) }, body }, 1);
  }

  /** a hostile batch cut short */
  truncated(): WebhookCase {
    const text = jsonText(this.batch('truncated', this.random.int(1, 20), 0.3).items);
    return this.refused('truncated JSON', { method: 'POST', path: '/', headers: JSON_TYPE, body: text.slice(0, this.random.int(1, text.length - 1)) }, 1);
  }

  /** JSON that is no batch: a scalar; or nothing at all */
  scalarOrBlank(): WebhookCase {
    if (this.random.chance(0.2)) return this.refused('blank body', { method: 'POST', path: '/', headers: JSON_TYPE, body: this.random.pick(['', ' ', '\n\t ']) }, 0);
    const body = this.random.pick(['null', '0', '-1', '"pokemon"', 'true', 'false', '1e400', '123456789012345678901234567890', '""']);
    return this.refused('JSON scalar', { method: 'POST', path: '/', headers: JSON_TYPE, body }, 1);
  }

  /** a body that is nested deep itself: one item, which is no object with a type */
  deepBody(depth = this.random.pick([1000, 100_000])): WebhookCase {
    const kind = this.random.chance(0.5) ? 'array' : 'object';
    return { kind: `deep ${kind} body`, request: { method: 'POST', path: '/', headers: JSON_TYPE, body: deepNesting(depth, kind).text }, expect: 'accepted', invalidJson: 0, intakeRejected: 1, validPaths: [] };
  }

  /** another method on `/`, or POST with an odd content type, query or header: answered, never a 5xx */
  oddRequest(): WebhookCase {
    const r = this.random;
    const body = jsonText(this.batch('odd', r.int(0, 5), 0).items);
    const odd = r.pick<() => RawRequest>([
      () => ({ method: r.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']), path: '/', headers: JSON_TYPE, ...(r.chance(0.5) ? { body } : {}) }),
      () => ({ method: 'HEAD', path: '/' }),
      () => ({
        method: 'POST',
        path: '/',
        headers: {
          'content-type': r.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=zz',
            'application/octet-stream',
            'application/json; charset=utf-16',
            ';;;',
            'application/json, text/html',
            'x'.repeat(2000),
          ]),
        },
        body,
      }),
      () => ({ method: 'POST', path: '/', body }),
      () => ({ method: 'POST', path: r.pick(['/?x=%E0%A4%A', '/?__proto__[polluted]=yes&constructor[prototype][polluted]=yes', `/?${'a=1&'.repeat(2000)}`, '/?%00']), headers: JSON_TYPE, body }),
      () => ({ method: 'POST', path: '/', headers: { ...JSON_TYPE, 'content-encoding': r.pick(['gzip', 'br', 'x-junk']), 'x-golbat': 'hey!' }, body }),
    ])();
    return { kind: 'odd request', request: odd, expect: 'either', invalidJson: 0, intakeRejected: 0, validPaths: [] };
  }

  private refused(kind: string, request: RawRequest, invalidJson: number): WebhookCase {
    return { kind, request, expect: 'refused', invalidJson, intakeRejected: 0, validPaths: [] };
  }
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
}

function finish(d: Draft): WebhookCase {
  const body = d.bare ? jsonText(d.items[0]) : jsonText(d.items);
  return { kind: d.kind, request: { method: 'POST', path: '/', headers: JSON_TYPE, body }, expect: 'accepted', invalidJson: 0, intakeRejected: d.intakeRejected, validPaths: d.validPaths };
}

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * `count` requests: half of the valid items alone (in an array of one, or bare), the other half each inserted at
 * a random place of a hostile batch; the rest hostile, in a seeded random order.
 */
export function webhookCases(o: CaseOptions): WebhookCase[] {
  const g = new Generator(o);
  const r = o.random;
  const alone = o.valid.filter(() => r.chance(0.5));
  const mixed = o.valid.filter((v) => !alone.includes(v));
  const drafts: Draft[] = [];
  const others: WebhookCase[] = [];
  const hostileCount = Math.max(0, o.count - alone.length);
  for (let i = 0; i < hostileCount; i++) {
    const p = r.next();
    if (p < 0.5) drafts.push(g.hostileBatch());
    else if (p < 0.58) drafts.push(g.single());
    else if (p < 0.64) drafts.push(g.unknownTypes());
    else if (p < 0.66) drafts.push(g.deepMessage());
    else if (p < 0.68) drafts.push(g.emptyArray());
    else if (p < 0.77) others.push(g.notJson());
    else if (p < 0.85) others.push(g.truncated());
    else if (p < 0.9) others.push(g.scalarOrBlank());
    else if (p < 0.92) others.push(g.deepBody());
    else others.push(g.oddRequest());
  }
  // two batches of 5,000 whatever the seed
  drafts.push(g.hostileBatch(5000), g.hostileBatch(5000));
  const arrays = drafts.filter((d) => !d.bare);
  for (const v of mixed) {
    const d = r.pick(arrays);
    d.items.splice(r.int(0, d.items.length), 0, v.envelope);
    d.validPaths.push(v.path);
  }
  const singles = alone.map((v): Draft => ({ kind: 'valid', items: [v.envelope], bare: r.chance(0.3), intakeRejected: 0, validPaths: [v.path] }));
  // and one body nested a million levels deep
  others.push(g.deepBody(1_000_000));
  return shuffle(r, [...[...drafts, ...singles].map(finish), ...others]);
}
