/**
 * A failed Discord request → a delivery outcome, decided on the error's type and Discord's code, never its text.
 * Permanent: the target refuses for good (50007 cannot DM, 10003 unknown channel, 10013 unknown user, 50001
 * missing access, any 403 or 404) or the message itself is refused (other 4xx). Transient: a rate limit handed
 * back (with its wait), 5xx, network trouble and timeouts, and 401 — a bad token is the operator's problem, not
 * the target's, so it must not count against the target.
 */
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { RATE_LIMIT_WAIT_MS, type DeliveryOutcome } from '../../core/contract.ts';
import { describeError } from '../../core/errors.ts';

/** Discord error codes that mean "this target will never accept a message". */
export const PERMANENT_CODES: ReadonlySet<number> = new Set([
  10003, // Unknown Channel
  10013, // Unknown User
  50001, // Missing Access
  50007, // Cannot send messages to this user
]);

/** 10008 Unknown Message: what deleting an already deleted message answers. */
export const UNKNOWN_MESSAGE = 10008;
export const UNKNOWN_CHANNEL = 10003;
export const UNKNOWN_MEMBER = 10007;
export const UNKNOWN_WEBHOOK = 10015;

/** Whether Discord answered that the thing asked about does not exist: one of `codes`, or a plain 404. */
export function isUnknown(err: unknown, ...codes: readonly number[]): boolean {
  return err instanceof DiscordAPIError && (err.status === 404 || codes.includes(Number(err.code)));
}

function codeOf(err: DiscordAPIError): number | undefined {
  return typeof err.code === 'number' ? err.code : undefined;
}

function apiErrorOutcome(err: DiscordAPIError): DeliveryOutcome {
  const code = codeOf(err);
  const reason = `HTTP ${err.status}: ${err.message}${code ? ` (code ${code})` : ''}`;
  if (code !== undefined && PERMANENT_CODES.has(code)) return { ok: false, permanent: true, reason };
  if (err.status === 401) return { ok: false, permanent: false, reason: `the bot token was refused — ${reason}` };
  if (err.status === 429) return { ok: false, permanent: false, reason, retryAfterMs: RATE_LIMIT_WAIT_MS };
  if (err.status >= 500) return { ok: false, permanent: false, reason };
  return { ok: false, permanent: true, reason };
}

export function outcomeOfError(err: unknown): DeliveryOutcome {
  if (err instanceof DiscordAPIError) return apiErrorOutcome(err);
  if (err instanceof RateLimitError) {
    const wait = Math.max(err.retryAfter, err.timeToReset, 0);
    return { ok: false, permanent: false, reason: `rate limited on ${err.route} (${err.global ? 'global' : err.scope})`, retryAfterMs: Math.ceil(wait) };
  }
  if (err instanceof HTTPError) return { ok: false, permanent: false, reason: `HTTP ${err.status}: ${err.message}` };
  return { ok: false, permanent: false, reason: `network error: ${describeError(err)}` };
}
