/**
 * One POST of a Discord message to a webhook URL (or one PATCH of a message it sent, for an edit) (http-post.ts: keep-alive connections, a total deadline).
 * Network errors and timeouts are transient; the answer is classified by response-outcome.ts. Never throws.
 */
import type { DeliveryOutcome } from '../../core/contract.ts';
import { describeError } from '../../core/errors.ts';
import type { DiscordMessage } from './discord-message.ts';
import { postJson, PostTimeout } from './http-post.ts';
import { outcomeOfAnswer } from './response-outcome.ts';

export interface PostOptions {
  readonly timeoutMs: number;
}

export async function postWebhook(url: URL, message: DiscordMessage, options: PostOptions, method: 'POST' | 'PATCH' = 'POST'): Promise<DeliveryOutcome> {
  try {
    return outcomeOfAnswer(await postJson(url, JSON.stringify(message), options.timeoutMs, method));
  } catch (err) {
    if (err instanceof PostTimeout) return { ok: false, permanent: false, reason: err.message };
    return { ok: false, permanent: false, reason: `network error: ${describeError(err)}` };
  }
}
