/**
 * Reads the lure of a `pokestop` webhook (Golbat, RDM) into a LureEvent. A stop payload without an active
 * lure (no lure id or no expiry) is skipped, not rejected.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { PayloadFields, asPayload } from '../../core/payload/index.ts';
import type { LureEvent } from './event.ts';

/** The lure item id RDM sends without a lure id: an active lure of unknown kind counts as the normal one. */
const NORMAL_LURE = 501;

/** A whole number ≥ 0 of a field the lure does not depend on; anything else is 0 (never a reason to refuse). */
function countOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

export function parseLure(raw: unknown): ParseOutcome<LureEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'message must be an object' };
  const f = new PayloadFields(payload);
  const expiration = f.optionalInt('lure_expiration', 0, { min: 0 });
  let lureId = f.optionalInt('lure_id', 0, { min: 0 });
  if (f.problem) return { ok: false, reason: f.problem };
  if (expiration === 0) return { ok: false, reason: 'no lure', skip: true };
  if (lureId === 0) lureId = NORMAL_LURE;
  const stopId = f.requiredString('pokestop_id');
  const { latitude, longitude } = f.coordinates();
  const event: LureEvent = {
    stopId,
    latitude,
    longitude,
    stopName: f.optionalString('name', f.optionalString('pokestop_name', 'Unknown')),
    stopUrl: f.optionalString('url'),
    lureId,
    expiration,
    gruntTypeId: countOrZero(f.value('incident_grunt_type')) || countOrZero(f.value('grunt_type')),
    displayTypeId: countOrZero(f.value('display_type')) || countOrZero(f.value('incident_display_type')),
    raw: payload,
  };
  return f.problem ? { ok: false, reason: f.problem } : { ok: true, event };
}
