/**
 * Rejected webhook items are said at info, with why, at most one line per 10 s (the count of the batches not
 * logged goes with the next line); an item posted as a bare scanner message is told how to wrap it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogGate } from '../../../core/log/log-gate.ts';
import { acceptBatch, checkItem } from '../../../core/pipeline/intake.ts';
import { BoundedQueue } from '../../../core/pipeline/bounded-queue.ts';
import type { PipelineItem } from '../../../core/pipeline/pipeline.ts';
import type { PluginRegistry } from '../../../core/registry.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';

test('a bare scanner message is told to come as {type, message}', () => {
  assert.match(String(checkItem({ encounter_id: '1', pokemon_id: 25, latitude: 1 })), /looks like a bare scanner message; post \[\{"type": "pokemon", "message"/);
  assert.equal(checkItem({ message: {} }), 'item has no string "type"');
  assert.equal(checkItem(7), 'item is not an object');
  assert.deepEqual(checkItem({ type: 'pokemon', message: { a: 1 } }), { type: 'pokemon', message: { a: 1 } });
});

test('the gate: the first line at once, the rest within the interval counted into the next', () => {
  let now = 0;
  const gate = new LogGate(10_000, () => now);
  assert.equal(gate.pass(), 0);
  now = 5_000;
  assert.equal(gate.pass(), null);
  assert.equal(gate.pass(), null);
  now = 10_001;
  assert.equal(gate.pass(), 2);
  assert.equal(gate.pass(), null);
});

test('rejected items are logged at info with the reasons', async () => {
  const captured = captureLog('info');
  const registry = { pluginsForWebhook: (type: string) => (type === 'pokemon' ? [{}] : []) } as unknown as PluginRegistry;
  const o = { registry, queue: new BoundedQueue<PipelineItem>(10), metrics: createMetrics({ collectProcess: false }), log: captured.log, offerTimeoutMs: 100, now: Date.now };
  const result = await acceptBatch([{ pokemon_id: 25, encounter_id: 'x' }, { type: 'nonsense', message: {} }], o);
  assert.equal(result.rejected.length, 2);
  const line = captured.find(/webhook items rejected at intake/);
  assert.equal(line?.level, 'info');
  assert.match(JSON.stringify(line), /bare scanner message/);
  assert.match(JSON.stringify(line), /unknown webhook type \\"nonsense\\"/);
});
