/**
 * An index built in steps: run whole at once, or in slices with the event loop turning between them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finishIndexNow, finishIndexYielding, indexInSteps } from '../../../core/match/index-steps.ts';

function* counted(steps: number, log: string[]): Generator<void, string, undefined> {
  for (let i = 0; i < steps; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return 'index';
}

test('an index returned as is passes through, one in steps is run to its end', async () => {
  const plain = { bySpecies: new Map() };
  assert.equal(finishIndexNow(plain), plain);
  assert.equal(await finishIndexYielding(plain), plain);
  const log: string[] = [];
  assert.equal(finishIndexNow(indexInSteps(counted(3, log))), 'index');
  assert.deepEqual(log, ['step 0', 'step 1', 'step 2']);
});

test('slices of steps leave the event loop free in between', async () => {
  const log: string[] = [];
  const timer = setImmediate(() => log.push('event loop'));
  // a zero-length slice turns the event loop after every step
  assert.equal(await finishIndexYielding(indexInSteps(counted(3, log)), 0), 'index');
  clearImmediate(timer);
  assert.deepEqual(log, ['step 0', 'event loop', 'step 1', 'step 2']);
});
