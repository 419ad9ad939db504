/**
 * One POST of a Discord message to a webhook URL with global fetch, bounded by a timeout. Network errors and
 * timeouts are transient; the answer is classified by response-outcome.ts. Never throws.
 */
import type { DeliveryOutcome } from '../../core/contract.ts';
import { describeError } from '../../core/errors.ts';
import type { DiscordMessage } from './discord-message.ts';
import { outcomeOfAnswer } from './response-outcome.ts';

export interface PostOptions {
  readonly timeoutMs: number;
  /** replaces global fetch (tests) */
  readonly fetch?: typeof fetch;
}

/** The innermost cause's message: undici says only "fetch failed" and keeps the reason (ECONNREFUSED…) in `cause`. */
function networkReason(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return describeError(current);
}

export async function postWebhook(url: URL, message: DiscordMessage, options: PostOptions): Promise<DeliveryOutcome> {
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const bodyText = await res.text().catch(() => '');
    return outcomeOfAnswer({ status: res.status, retryAfter: res.headers.get('retry-after'), bodyText });
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return { ok: false, permanent: false, reason: `no answer within ${options.timeoutMs} ms` };
    }
    return { ok: false, permanent: false, reason: `network error: ${networkReason(err)}` };
  }
}
