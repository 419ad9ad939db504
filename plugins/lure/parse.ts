/**
 * Reads the lure of a `pokestop` webhook (Golbat, RDM) into a LureEvent. A stop payload without an active
 * lure (no lure id or no expiry) is skipped, not rejected.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { PayloadFields, asPayload } from '../../core/payload/index.ts';
import type { LureEvent } from './event.ts';

/** The lure item id RDM sends without a lure id: an active lure of unknown kind counts as the normal one. */
const NORMAL_LURE = 501;

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
  };
  return f.problem ? { ok: false, reason: f.problem } : { ok: true, event };
}
