/**
 * timeExternal: the value or error passes through unchanged, and the call is counted in
 * lookout_external_call_seconds by service and outcome — ok, error, timeout (a TimeoutError, also as the cause of
 * the error a caller wraps it in), or what the caller reads from an answer that never throws.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LookoutError } from '../../../core/errors.ts';
import { externalCallTimer, isTimeout, timeExternal, type ExternalOutcome } from '../../../core/metrics/external-call.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';

async function count(metrics: ReturnType<typeof createMetrics>, service: string, outcome: string): Promise<number> {
  const text = await metrics.registry.metrics();
  const m = new RegExp(`^lookout_external_call_seconds_count\\{service="${service}",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

describe('timing calls to services outside', () => {
  test('ok, error and timeout, the value and the error unchanged', async () => {
    const metrics = createMetrics({ collectProcess: false });
    assert.equal(await timeExternal(metrics, 'geocoder', async () => 'answer'), 'answer');
    const broken = new Error('HTTP 500');
    await assert.rejects(timeExternal(metrics, 'geocoder', async () => Promise.reject(broken)), (err) => err === broken);
    // a deadline passing, as fetch with AbortSignal.timeout throws it (its reason, a TimeoutError), wrapped by the caller as its own typed error
    const deadline = AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    const slow = fetch('http://127.0.0.1:9/', { signal: deadline }).catch((err: unknown) => Promise.reject(new LookoutError('UNAVAILABLE', 'geocoder: no answer', {}, { cause: err })));
    await assert.rejects(timeExternal(metrics, 'geocoder', () => slow), LookoutError);
    assert.deepEqual([await count(metrics, 'geocoder', 'ok'), await count(metrics, 'geocoder', 'error'), await count(metrics, 'geocoder', 'timeout')], [1, 1, 1]);
  });

  test('an answer that never throws is read by the caller; the bound timer names the service given', async () => {
    const metrics = createMetrics({ collectProcess: false });
    const timed = externalCallTimer(metrics);
    const outcome = (v: { ok: boolean; retry?: boolean }): ExternalOutcome => (v.ok ? 'ok' : v.retry ? 'rate_limited' : 'rejected');
    await timed('chat', async () => ({ ok: false, retry: true }), outcome);
    await timed('chat', async () => ({ ok: false }), outcome);
    await timed('chat', async () => ({ ok: true }), outcome);
    assert.deepEqual([await count(metrics, 'chat', 'rate_limited'), await count(metrics, 'chat', 'rejected'), await count(metrics, 'chat', 'ok')], [1, 1, 1]);
  });

  test('a timeout is a TimeoutError in the error or its causes, nothing else', () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    assert.equal(isTimeout(timeout), true);
    assert.equal(isTimeout(new Error('wrapped', { cause: new Error('again', { cause: timeout }) })), true);
    assert.equal(isTimeout(new Error('refused')), false);
    assert.equal(isTimeout('TimeoutError'), false);
  });
});
