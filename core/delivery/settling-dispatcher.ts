/**
 * A dispatcher that finishes what it accepts at once (tests and tools that replace the delivery queue): each
 * journaled job's receipt is settled as soon as the dispatcher has taken the job, so the journal does not keep
 * entries open for deliveries nobody will report.
 */
import { settled } from '../journal/types.ts';
import type { Dispatcher } from './dispatcher.ts';

export function settlingOnDispatch(inner: Dispatcher): Dispatcher {
  return {
    async dispatch(job, platform, receipt) {
      await inner.dispatch(job, platform);
      if (receipt) await settled(receipt);
    },
    drain: () => inner.drain(),
    ...(inner.close ? { close: (graceMs: number) => inner.close!(graceMs) } : {}),
  };
}
