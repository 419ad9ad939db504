/**
 * A rule index built in steps. Building the largest index (half a million monster rules) takes half a second
 * of synchronous work, long enough to stop matching; a plugin's `buildIndex` may instead return
 * `indexInSteps(generator)`, a generator that `yield`s between pieces of work (a bucket, a gate) and returns
 * the index. The state manager runs the steps in slices with the event loop free in between; a caller that
 * needs the index at once (tests, small sources) runs them all.
 */
import { setImmediate as turn } from 'node:timers/promises';

export class IndexInSteps<I> {
  constructor(readonly steps: Iterator<void, I, undefined>) {}
}

/** Wraps a generator of index-building steps as a `buildIndex` result. */
export function indexInSteps<I>(steps: Iterator<void, I, undefined>): IndexInSteps<I> {
  return new IndexInSteps(steps);
}

/** The index a `buildIndex` returned, its steps (if any) run to the end now. */
export function finishIndexNow(built: unknown): unknown {
  if (!(built instanceof IndexInSteps)) return built;
  const steps = built.steps;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** slices of work between two turns of the event loop, ms */
export const INDEX_SLICE_MS = 20;

/** The index a `buildIndex` returned, its steps run in slices of about `sliceMs` with the event loop turning between them. */
export async function finishIndexYielding(built: unknown, sliceMs = INDEX_SLICE_MS): Promise<unknown> {
  if (!(built instanceof IndexInSteps)) return built;
  const steps = built.steps;
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await turn();
      sliceStart = performance.now();
    }
  }
}
