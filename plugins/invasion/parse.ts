/**
 * Reads `invasion` webhooks (Golbat, RDM) and the legacy incident fields of `pokestop` payloads (MAD, older
 * RDM) into an InvasionEvent. A stop payload without an incident is skipped, not rejected.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { PayloadFields, asPayload, type Payload } from '../../core/payload/index.ts';
import type { InvasionEvent, LineupSlot } from './event.ts';

/** MAD's grunt id for the Kecleon stop event. */
const LEGACY_KECLEON_GRUNT = 352;
const KECLEON_DISPLAY = 8;

function readLineup(f: PayloadFields): LineupSlot[] {
  const raw = f.value('lineup');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    f.report('lineup must be an array');
    return [];
  }
  const slots: LineupSlot[] = [];
  for (const entry of raw) {
    const item = asPayload(entry);
    if (!item) continue;
    const slotFields = new PayloadFields(item);
    const pokemonId = slotFields.nullableInt('pokemon_id', { min: 0 });
    if (pokemonId === null || pokemonId === 0) continue;
    slots.push({ slot: slotFields.optionalInt('slot', slots.length + 1), pokemonId, form: slotFields.optionalInt('form', 0) });
  }
  return slots;
}

function failed(f: PayloadFields): ParseOutcome<InvasionEvent> | null {
  const problem = f.problem;
  return problem ? { ok: false, reason: problem } : null;
}

/** the first of `keys` present in the payload */
function firstKey(f: PayloadFields, keys: readonly string[]): string | undefined {
  return keys.find((k) => f.has(k));
}

/** where the expiry is: Golbat/RDM `incident_expire_timestamp`/`expiration`, legacy `incident_expiration` */
function expiryKey(f: PayloadFields, source: InvasionEvent['source']): string | undefined {
  const key = firstKey(f, ['incident_expire_timestamp', 'incident_expiration']);
  if (key) return key;
  // a stop payload's own fields never include `expiration`; with a grunt it is an invasion relayed as a stop
  if (source === 'pokestop' && !f.has('grunt_type') && !f.has('character')) return undefined;
  return f.has('expiration') ? 'expiration' : undefined;
}

function readIncident(payload: Payload, source: InvasionEvent['source']): ParseOutcome<InvasionEvent> {
  const f = new PayloadFields(payload);
  const expiry = expiryKey(f, source);
  if (!expiry) return source === 'pokestop' ? { ok: false, reason: 'no incident', skip: true } : { ok: false, reason: 'incident_expire_timestamp must be an integer (found nothing)' };
  const expiration = f.requiredInt(expiry, { min: 0 });
  if (expiration === 0 && source === 'pokestop') return failed(f) ?? { ok: false, reason: 'no incident', skip: true };
  const stopId = f.requiredString('pokestop_id');
  const { latitude, longitude } = f.coordinates();
  const gruntKey = firstKey(f, ['incident_grunt_type', 'grunt_type', 'character']);
  let gruntTypeId = gruntKey ? f.requiredInt(gruntKey, { min: 0 }) : 0;
  const displayKey = firstKey(f, ['incident_display_type', 'display_type']);
  let displayType = displayKey ? f.requiredInt(displayKey, { min: 0 }) : 1;
  if (gruntTypeId === LEGACY_KECLEON_GRUNT) {
    gruntTypeId = 0;
    displayType = KECLEON_DISPLAY;
  }
  const nameKey = firstKey(f, ['pokestop_name', 'name']);
  const event: InvasionEvent = {
    incidentId: f.optionalString('id', f.optionalString('incident_id', stopId)),
    stopId,
    latitude,
    longitude,
    stopName: nameKey ? f.optionalString(nameKey, 'Unknown') : 'Unknown',
    stopUrl: f.optionalString('url'),
    gruntTypeId,
    displayType,
    expiration,
    start: f.optionalInt(firstKey(f, ['start', 'incident_start']) ?? 'start', 0),
    confirmed: f.optionalBool('confirmed', false),
    lineup: readLineup(f),
    source,
  };
  return failed(f) ?? { ok: true, event };
}

/** an `invasion` webhook message */
export function parseInvasionMessage(raw: unknown): ParseOutcome<InvasionEvent> {
  const payload = asPayload(raw);
  return payload ? readIncident(payload, 'invasion') : { ok: false, reason: 'message must be an object' };
}

/** a `pokestop` webhook message: an event only when it carries an incident (legacy fields or a relayed invasion) */
export function parseStopIncident(raw: unknown): ParseOutcome<InvasionEvent> {
  const payload = asPayload(raw);
  return payload ? readIncident(payload, 'pokestop') : { ok: false, reason: 'message must be an object' };
}
