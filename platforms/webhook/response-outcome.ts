/**
 * A Discord webhook's HTTP answer → a delivery outcome: 2xx sent; 429 a rate limit with the wait Discord asked
 * for (a second when it named none); 5xx transient; any other status permanent (bad body, no access, unknown
 * webhook), with Discord's message.
 */
import { RATE_LIMIT_WAIT_MS, type DeliveryOutcome } from '../../core/contract.ts';
import { recordOf } from './discord-text.ts';

export interface WebhookAnswer {
  readonly status: number;
  /** the `Retry-After` header, when present */
  readonly retryAfter: string | null;
  readonly bodyText: string;
}

const MAX_DETAIL = 200;

function parseBody(text: string): Readonly<Record<string, unknown>> | undefined {
  if (text === '') return undefined;
  try {
    return recordOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The wait in ms: the header's seconds (fractions allowed) or HTTP date, else the body's `retry_after` seconds.
 */
export function retryAfterMs(header: string | null, body: Readonly<Record<string, unknown>> | undefined, now: number = Date.now()): number | undefined {
  const fromHeader = header !== null && /^\s*\d+(\.\d+)?\s*$/.test(header) ? Number(header) : NaN;
  if (Number.isFinite(fromHeader)) return Math.ceil(fromHeader * 1000);
  const at = header !== null && /[a-z]/i.test(header) ? Date.parse(header) : NaN;
  if (Number.isFinite(at)) return Math.max(0, at - now);
  const fromBody = body?.retry_after;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody * 1000);
  return undefined;
}

/** `HTTP 404: Unknown Webhook (code 10015)`, or the start of a body that is not Discord's JSON. */
function describeFailure(status: number, body: Readonly<Record<string, unknown>> | undefined, text: string): string {
  const message = body ? (typeof body.message === 'string' ? body.message : '') : text.trim().slice(0, MAX_DETAIL);
  const code = typeof body?.code === 'number' && body.code !== 0 ? ` (code ${body.code})` : '';
  return message ? `HTTP ${status}: ${message}${code}` : `HTTP ${status}`;
}

export function outcomeOfAnswer(answer: WebhookAnswer): DeliveryOutcome {
  const { status, bodyText } = answer;
  const body = parseBody(bodyText);
  if (status >= 200 && status < 300) return typeof body?.id === 'string' ? { ok: true, messageIds: [body.id] } : { ok: true };
  const reason = describeFailure(status, body, bodyText);
  if (status === 429) {
    return { ok: false, permanent: false, reason, retryAfterMs: retryAfterMs(answer.retryAfter, body) ?? RATE_LIMIT_WAIT_MS };
  }
  if (status >= 500) return { ok: false, permanent: false, reason };
  return { ok: false, permanent: true, reason };
}
