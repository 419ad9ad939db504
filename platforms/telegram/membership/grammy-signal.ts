/**
 * grammy types an API call's abort signal as the abort-controller polyfill's; at run time it takes Node's own
 * (it only listens for "abort"). This is the one place the two types meet.
 */
import type { Api } from 'grammy';

export type GrammySignal = Parameters<Api['getChatMember']>[2];

export function grammySignal(signal: AbortSignal | undefined): GrammySignal {
  return signal as unknown as GrammySignal;
}
