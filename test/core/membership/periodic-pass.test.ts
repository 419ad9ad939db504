/**
 * Periodic full passes remember when they last ran, so a restart waits for the rest of the interval; passes never
 * overlap; a failing pass is recorded too (the next is due an interval later).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { silentLogger } from '../../../core/log/logger.ts';
import { createPeriodicPass, nextPassDelay, PASS_FILE } from '../../../core/membership/index.ts';

const HOUR = 3_600_000;

describe('periodic membership passes', () => {
  test('the next pass is due an interval after the last; at once without one', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    assert.equal(nextPassDelay(undefined, 6 * HOUR, now), 0);
    assert.equal(nextPassDelay('garbage', 6 * HOUR, now), 0);
    assert.equal(nextPassDelay('2026-11-26T10:00:00Z', 6 * HOUR, now), 4 * HOUR);
    assert.equal(nextPassDelay('2026-11-25T00:00:00Z', 6 * HOUR, now), 0);
    assert.equal(nextPassDelay('2026-11-27T00:00:00Z', 6 * HOUR, now), 6 * HOUR, 'a time in the future waits one interval at most');
  });

  test('runs never overlap, and the finish time is kept for the next start', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-pass-'));
    let runs = 0;
    let release: () => void = () => undefined;
    const pass = createPeriodicPass({
      name: 'discord',
      intervalHours: 6,
      rootDir,
      log: silentLogger(),
      now: () => Date.parse('2026-11-26T12:00:00Z'),
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const first = pass.runNow();
    const second = pass.runNow();
    release();
    await Promise.all([first, second]);
    assert.equal(runs, 1);
    assert.deepEqual(JSON.parse(readFileSync(join(rootDir, PASS_FILE), 'utf8')), { discord: '2026-11-26T12:00:00.000Z' });
  });

  test('a failing pass is logged and recorded; other passes in the file are kept', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-pass-'));
    const ok = createPeriodicPass({ name: 'telegram', intervalHours: 6, rootDir, log: silentLogger(), now: () => Date.parse('2026-11-26T11:00:00Z'), run: async () => undefined });
    await ok.runNow();
    const failing = createPeriodicPass({ name: 'discord', intervalHours: 6, rootDir, log: silentLogger(), now: () => Date.parse('2026-11-26T12:00:00Z'), run: async () => Promise.reject(new Error('gateway down')) });
    await failing.runNow();
    assert.deepEqual(JSON.parse(readFileSync(join(rootDir, PASS_FILE), 'utf8')), { telegram: '2026-11-26T11:00:00.000Z', discord: '2026-11-26T12:00:00.000Z' });
  });
});
