/**
 * The parse hook: a `nest` webhook (from an external nest tool) → NestEvent, or the reason it cannot be used.
 * Nest tools send `lat`/`lon`; `latitude`/`longitude` are read first when present (test samples moved to a
 * user's location carry them).
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { NestEvent } from './event.ts';

function position(f: PayloadFields): { latitude: number; longitude: number } {
  return f.has('latitude') || f.has('longitude') ? f.coordinates() : f.coordinates('lat', 'lon');
}

export function parseNest(raw: unknown): ParseOutcome<NestEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'nest message must be an object' };
  const f = new PayloadFields(payload);
  const nestId = f.requiredString('nest_id');
  const pokemonId = f.requiredInt('pokemon_id', { min: 1, max: 100000 });
  const { latitude, longitude } = position(f);
  const event: NestEvent = {
    nestId,
    nestName: f.optionalString('name'),
    latitude,
    longitude,
    pokemonId,
    form: f.optionalInt('form', 0, { min: 0 }),
    pokemonCount: f.optionalNumber('pokemon_count', 0, { min: 0 }),
    pokemonAvg: f.optionalNumber('pokemon_avg', 0, { min: 0 }),
    pokemonRatio: f.optionalNumber('pokemon_ratio', 0, { min: 0 }),
    resetTime: f.optionalInt('reset_time', 0, { min: 0 }),
    raw: payload,
  };
  const problem = f.problem;
  return problem ? { ok: false, reason: problem } : { ok: true, event };
}
