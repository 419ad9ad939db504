/**
 * Times one call to a service outside Lookout into `lookout_external_call_seconds{service, outcome}`: `ok` when it
 * answered usefully, `timeout` when it threw for its deadline (a TimeoutError anywhere in the error's causes),
 * `error` for any other throw, or what the caller reads from the answer of a call that never throws (a platform's
 * DeliveryOutcome: `rejected`, `rate_limited`…). The value or the error passes through unchanged. Services are
 * names the code chooses (geocoder, tile_server, a platform's own name), never values from outside.
 */
import type { Histogram } from 'prom-client';

/** What a call came to; the label values of `outcome`. */
export type ExternalOutcome = 'ok' | 'error' | 'timeout' | 'rejected' | 'rate_limited';

export interface ExternalCallMetrics {
  readonly externalCallSeconds: Histogram<'service' | 'outcome'>;
}

/** Times `call` as a call to `service`; `outcomeOf` reads the outcome from an answer (default `ok`). */
export type ExternalCallTimer = <T>(service: string, call: () => Promise<T>, outcomeOf?: (value: T) => ExternalOutcome) => Promise<T>;

/** Whether the error (or one of its causes) is a deadline passing: AbortSignal.timeout's TimeoutError. */
export function isTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

export async function timeExternal<T>(metrics: ExternalCallMetrics, service: string, call: () => Promise<T>, outcomeOf?: (value: T) => ExternalOutcome): Promise<T> {
  const started = performance.now();
  let outcome: ExternalOutcome = 'error';
  try {
    const value = await call();
    outcome = outcomeOf ? outcomeOf(value) : 'ok';
    return value;
  } catch (err) {
    outcome = isTimeout(err) ? 'timeout' : 'error';
    throw err;
  } finally {
    metrics.externalCallSeconds.observe({ service, outcome }, (performance.now() - started) / 1000);
  }
}

/** `timeExternal` bound to one registry's metrics (what CoreServices.externalCalls answers). */
export function externalCallTimer(metrics: ExternalCallMetrics): ExternalCallTimer {
  return (service, call, outcomeOf) => timeExternal(metrics, service, call, outcomeOf);
}

/** Calls `call` untimed: the timer of code built without metrics (tests, tools). */
export const UNTIMED: ExternalCallTimer = (_service, call) => call();
