/**
 * Asks one required group about one user (getChatMember) and reads the answer: a ChatMember, or a 400 saying
 * Telegram knows no such user there ("user not found", an invalid id) — the user is out of that group. A 429
 * that outlasted the client's own retries comes back with its wait; anything else (the bot removed from the
 * group, the group gone, a network error) is a group that could not answer.
 */
import { GrammyError, type Api } from 'grammy';
import { classifyApiError } from '../api-errors.ts';
import { grammySignal } from './grammy-signal.ts';
import { answerOf, type GroupAnswer } from './verdict.ts';

export type AskOutcome =
  | { readonly kind: 'answer'; readonly answer: GroupAnswer; readonly groupProblem?: boolean }
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number; readonly reason: string };

const USER_NOT_THERE = /user not found|member not found|participant_id_invalid|user_id_invalid|invalid user_id/i;
const DEFAULT_RATE_LIMIT_WAIT_MS = 5000;

export async function askGroup(api: Pick<Api, 'getChatMember'>, group: string, userId: number, signal?: AbortSignal): Promise<AskOutcome> {
  try {
    const member = await api.getChatMember(group, userId, grammySignal(signal));
    return { kind: 'answer', answer: answerOf(member) };
  } catch (err) {
    if (err instanceof GrammyError && err.error_code === 400 && USER_NOT_THERE.test(err.description)) {
      return { kind: 'answer', answer: { kind: 'out', status: 'not found' } };
    }
    const failure = classifyApiError(err);
    if (failure.kind === 'rate-limited') return { kind: 'rate-limited', retryAfterMs: failure.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS, reason: failure.reason };
    // a 400/403 about the chat (gone, bot removed, no rights) concerns every user: the group cannot answer
    const groupProblem = err instanceof GrammyError && (err.error_code === 400 || err.error_code === 403);
    return { kind: 'answer', answer: { kind: 'unknown', reason: failure.reason }, groupProblem };
  }
}
