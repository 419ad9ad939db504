/**
 * The validation hook's wire format, as pure functions: the body POSTed for one matched recipient (PoracleNG's shape:
 * `human {id, type, name}`, `areas`, `webhook_type`, `webhook`) and what an answer means: HTTP 2xx with
 * `{"success": true}` allows, `{"success": false}` denies (with an optional `failure_message` for the recipient);
 * any other status, a body that is not such an object, or a `failure_message` that is not a string is malformed.
 */

/** What the validator is told about one recipient of one event. */
export interface ValidationRequest {
  readonly human: { readonly id: string; readonly type: string; readonly name: string };
  /** the names of the geofences containing the event, as configured (not lower-cased) */
  readonly areas: readonly string[];
  /** the scanner's webhook type the event came in as (`pokemon`, `raid`, `quest`…) */
  readonly webhook_type: string;
  /** the scanner's message, as received */
  readonly webhook: unknown;
}

/** Why a call gave no usable answer (also the `result` label of lookout_validation_calls_total). */
export type CallFailure = 'timeout' | 'unreachable' | 'bad_status' | 'malformed';

/** What one call came to. */
export type CallOutcome =
  | { readonly kind: 'allowed' }
  /** `message`: the validator's text for the recipient ('' = a silent denial) */
  | { readonly kind: 'denied'; readonly message: string }
  | { readonly kind: 'failed'; readonly reason: CallFailure; readonly detail: string };

export const ALLOWED: CallOutcome = Object.freeze({ kind: 'allowed' });

/** The answer's status and body → the outcome. */
export function readAnswer(status: number, body: string): CallOutcome {
  if (status < 200 || status > 299) return { kind: 'failed', reason: 'bad_status', detail: `HTTP ${status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'failed', reason: 'malformed', detail: 'the answer is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { kind: 'failed', reason: 'malformed', detail: 'the answer is not a JSON object' };
  const { success, failure_message: message } = parsed as { success?: unknown; failure_message?: unknown };
  if (typeof success !== 'boolean') return { kind: 'failed', reason: 'malformed', detail: '"success" is missing or not true/false' };
  if (message !== undefined && message !== null && typeof message !== 'string') return { kind: 'failed', reason: 'malformed', detail: '"failure_message" is not a string' };
  if (success) return ALLOWED;
  return { kind: 'denied', message: typeof message === 'string' ? message : '' };
}
