/**
 * One item of a POST /api/postMessage (or /api/deliverMessages) body, read as the previous generation's clients
 * send it: `{target, type, name?, message, tth?, clean?, language?, lat?, lon?, emoji?, logReference?, editKey?,
 * replyKey?}` with loose JSON values. Every problem is a 400 naming the item and the field
 * (`body[2].target is required`); a valid item becomes the target, body and options the direct messenger takes.
 */
import type { DeliveryJob } from '../../contract.ts';
import type { DirectOptions } from '../../delivery/direct.ts';
import { LookoutError } from '../../errors.ts';
import { canonicalHumanType } from '../../human-type.ts';
import { ApiItem } from '../../tracking/api-item.ts';
import { humanId, humanType, isUrlId, language, point } from './validate.ts';

export interface MessageItem {
  readonly target: DeliveryJob['target'];
  /** the DTS-shaped body: the item's message object, or `{content}` for a text */
  readonly body: Readonly<Record<string, unknown>>;
  readonly options: DirectOptions;
}

/** the reference logged when an item names none (the previous generation's default) */
export const DEFAULT_REFERENCE = 'WebApi';
/** the time to live when an item gives no `tth` (the previous generation's default: one hour) */
export const DEFAULT_TTH_MS = 3_600_000;
const MAX_TTH_MS = 365 * 86_400_000;
const MAX_REFERENCE_CHARS = 64;

const WEBHOOK_TYPE = 'webhook';

const TTH_UNITS: readonly (readonly [string, number])[] = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1000],
];

/** accepted and ignored: PoracleJS's reactions, PoracleNG's edits and replies of earlier messages */
const IGNORED_FIELDS = ['emoji', 'editKey', 'replyKey'];

/** The clean bit of PoracleNG's bitmask (1 clean, 2 edit, 4 summary). */
const CLEAN_BIT = 1;

function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function required(item: ApiItem, name: string): never {
  throw new LookoutError('BAD_REQUEST', `${item.label(name)} is required`, { field: item.label(name) });
}

/** `discord:user`, with the neutral spellings (`chat_a:user` = `discord:user`, `chat_b:…` = `telegram:…`) rewritten. */
function targetType(item: ApiItem): string {
  const raw = item.raw('type');
  if (absent(raw)) required(item, 'type');
  if (typeof raw !== 'string') return humanType(raw, item.label('type'));
  return humanType(canonicalHumanType(raw.trim().toLowerCase()), item.label('type'));
}

/** A user or channel id; a webhook URL exactly when the type is `webhook`. */
function targetId(item: ApiItem, type: string): string {
  const id = humanId(item.raw('target'), item.label('target'));
  if (type === WEBHOOK_TYPE && !isUrlId(id)) item.fail('target', 'a webhook URL for type webhook');
  if (type !== WEBHOOK_TYPE && isUrlId(id)) item.fail('target', 'a user or channel id (a URL needs type webhook)');
  return id;
}

/** The message object as it is, or a text as `{content}`. */
function messageBody(item: ApiItem): Readonly<Record<string, unknown>> {
  const raw = item.raw('message');
  if (raw === undefined || raw === null) required(item, 'message');
  if (typeof raw === 'string') {
    if (raw.trim() === '') item.fail('message', 'a non-empty text or message object');
    return { content: raw };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) item.fail('message', 'a message object (content, embed, embeds…) or a text');
  if (Object.keys(raw).length === 0) item.fail('message', 'a non-empty text or message object');
  return raw as Readonly<Record<string, unknown>>;
}

/** `tth: {days, hours, minutes, seconds}` in ms (each a whole number ≥ 0, absent = 0); no tth = one hour. */
function timeToLiveMs(item: ApiItem): number {
  const raw = item.raw('tth');
  if (raw === undefined || raw === null) return DEFAULT_TTH_MS;
  if (typeof raw !== 'object' || Array.isArray(raw)) item.fail('tth', 'an object of days, hours, minutes and seconds');
  const tth = new ApiItem(raw as Record<string, unknown>, item.label('tth'));
  const ms = TTH_UNITS.reduce((sum, [unit, unitMs]) => sum + tth.int(unit, 0, { min: 0 }) * unitMs, 0);
  tth.refuseUnread('(tth takes days, hours, minutes and seconds)');
  if (ms > MAX_TTH_MS) item.fail('tth', 'at most 365 days');
  return ms;
}

/** lat/lon as a location pin; both absent, or 0/0 (the previous generation's default), is none. */
function pinOf(item: ApiItem): DirectOptions['location'] {
  const at = point(item.raw('lat'), item.raw('lon'), [item.label('lat'), item.label('lon')]);
  return at && (at.latitude !== 0 || at.longitude !== 0) ? at : undefined;
}

/** Reads one body item; `where` names it in errors (`body[2]`). */
export function readMessageItem(fields: Readonly<Record<string, unknown>>, where: string): MessageItem {
  const item = new ApiItem(fields, where);
  if (absent(item.raw('target'))) required(item, 'target');
  const type = targetType(item);
  const target = { id: targetId(item, type), type, name: item.text('name', '') ?? '', language: language(item.raw('language'), item.label('language')) ?? null };
  const body = messageBody(item);
  const ttlMs = timeToLiveMs(item);
  const clean = (item.cleanBits() & CLEAN_BIT) !== 0;
  const location = pinOf(item);
  const reference = item.text('logReference', DEFAULT_REFERENCE, MAX_REFERENCE_CHARS)?.trim() || DEFAULT_REFERENCE;
  item.ignore(...IGNORED_FIELDS);
  item.refuseUnread();
  return { target, body, options: { reference, clean, ttlMs, ...(location ? { location } : {}) } };
}
