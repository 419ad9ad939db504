/**
 * Turns a sample webhook into a fresh event for `service-test`, as a pure function: moved to the target's
 * location (unless the sample says `location: "keep"` or the target has none), every time field (a key ending
 * in `_time`, `_timestamp`, `start`, `end`, `expiration` or `expiry`, e.g. Golbat's `showcase_expiry`) set to a quarter of an hour from now (in milliseconds when the
 * sample's value was), and a new encounter id so it is never taken for a repeat.
 */
import type { TestWebhook } from '../contract.ts';

export const TEST_ALERT_LIFETIME_MS = 15 * 60 * 1000;

const TIME_KEY = /(_time|_timestamp|start|end|expiration|expiry)$/;
const FRESH_ID_KEYS = ['encounter_id'];
/** values above this are milliseconds, not seconds */
const MS_THRESHOLD = 1e12;

export interface TestPlacement {
  readonly latitude: number;
  readonly longitude: number;
}

function futureTime(original: unknown, now: number): number {
  const at = now + TEST_ALERT_LIFETIME_MS;
  return typeof original === 'number' && original > MS_THRESHOLD ? at : Math.floor(at / 1000);
}

export function prepareTestWebhook(sample: TestWebhook, where: TestPlacement | null, now: number, freshId: string): Record<string, unknown> {
  const hook: Record<string, unknown> = { ...sample.webhook };
  if (where && sample.location !== 'keep') {
    hook.latitude = where.latitude;
    hook.longitude = where.longitude;
  }
  for (const [key, value] of Object.entries(hook)) {
    if (TIME_KEY.test(key) && (typeof value === 'number' || value === null)) hook[key] = futureTime(value, now);
  }
  for (const key of FRESH_ID_KEYS) if (key in hook) hook[key] = freshId;
  return hook;
}
