/**
 * `clean` deletions: which deliveries need one, one timer for the earliest, the debounced file that survives a
 * restart, deletions already due at start, and failures that are logged once and not retried.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DeliveryJob, DeliveryOutcome, PlatformPlugin } from '../../../core/contract.ts';
import { CLEAN_FILE, cleanFileStore } from '../../../core/delivery/clean-file.ts';
import { CleanScheduler } from '../../../core/delivery/clean-scheduler.ts';
import { deletionFor, type PendingDeletion } from '../../../core/delivery/clean-types.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { job, manualTimers, settle } from './queue-fixtures.ts';

const SAVE_MS = 1000;

function removingPlatform(answers: (DeliveryOutcome | Error)[] = []) {
  const removed: { target: DeliveryJob['target']; ids: readonly string[] }[] = [];
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name: 'chat',
    targetTypes: ['test:user'],
    templatePlatform: 'discord',
    deliver: async () => ({ ok: true }),
    async remove(target, ids) {
      removed.push({ target, ids });
      const next = answers.shift() ?? { ok: true };
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { plugin, removed, removedIds: () => removed.flatMap((r) => r.ids) };
}

function deletion(id: string, at: number): PendingDeletion {
  return { platform: 'chat', target: { id: 'u1', type: 'test:user', name: 'alice', language: null }, messageIds: [id], at, eventId: `ev-${id}` };
}

async function cleanCount(metrics: Metrics, outcome: string): Promise<number> {
  return (await metrics.cleanDeletions.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

describe('clean deletions', () => {
  let rootDir: string;
  before(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'lookout-clean-'));
  });
  after(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  function setup(dir: string, platform: PlatformPlugin, startAt = 0) {
    let now = startAt;
    const captured = captureLog('silly');
    const metrics = createMetrics({ collectProcess: false });
    const clock = manualTimers();
    const scheduler = new CleanScheduler({
      log: captured.log,
      metrics,
      store: cleanFileStore(dir, captured.log),
      platformNamed: (name) => (name === platform.name ? platform : undefined),
      now: () => now,
      timers: clock.timers,
      saveDelayMs: SAVE_MS,
    });
    return { scheduler, clock, captured, metrics, setNow: (at: number) => (now = at), file: join(dir, CLEAN_FILE) };
  }

  test('a delivery needs a deletion only with clean & 1, an expiry, message ids and a platform that can delete', () => {
    const { plugin } = removingPlatform();
    const noRemove: PlatformPlugin = { ...plugin, remove: undefined };
    const cleaned = job('u1', 1, { clean: 1, expiresAt: 9000 });
    assert.deepEqual(deletionFor(cleaned, ['m1', 'm2'], plugin), {
      platform: 'chat',
      target: cleaned.target,
      messageIds: ['m1', 'm2'],
      at: 9000,
      eventId: 'ev-u1-1',
    });
    assert.ok(deletionFor(job('u1', 1, { clean: 3, expiresAt: 9000 }), ['m1'], plugin), 'other bits do not matter');
    assert.equal(deletionFor(job('u1', 1, { clean: 0, expiresAt: 9000 }), ['m1'], plugin), null);
    assert.equal(deletionFor(job('u1', 1, { clean: 2, expiresAt: 9000 }), ['m1'], plugin), null);
    assert.equal(deletionFor(job('u1', 1, { clean: 1, expiresAt: null }), ['m1'], plugin), null);
    assert.equal(deletionFor(cleaned, [], plugin), null);
    assert.equal(deletionFor(cleaned, undefined, plugin), null);
    assert.equal(deletionFor(cleaned, ['m1'], noRemove), null);
  });

  test('one timer waits for the earliest deletion; it deletes what is due and waits for the next', async () => {
    const dir = await mkdtemp(join(rootDir, 'timer-'));
    const platform = removingPlatform();
    const s = setup(dir, platform.plugin, 1000);
    s.scheduler.schedule(deletion('m5', 5000));
    s.scheduler.schedule(deletion('m3', 3000));
    s.scheduler.schedule(deletion('m8', 8000));
    s.scheduler.schedule(deletion('m3b', 3000));
    assert.deepEqual(s.clock.pendingMs().sort(), [SAVE_MS, 2000].sort(), 'one deletion timer (for t=3000) and the save');
    s.setNow(3000);
    s.clock.fire(2000);
    await settle();
    assert.deepEqual(platform.removedIds().sort(), ['m3', 'm3b']);
    assert.deepEqual(s.clock.pendingMs(), [SAVE_MS, 2000], 'then it waits 2 s more, for t=5000');
    assert.equal(s.scheduler.size, 2);
    assert.equal(await cleanCount(s.metrics, 'deleted'), 2);
    await s.scheduler.stop();
  });

  test('an earlier deletion re-arms the timer; a deletion already due runs at once', async () => {
    const dir = await mkdtemp(join(rootDir, 'rearm-'));
    const platform = removingPlatform();
    const s = setup(dir, platform.plugin, 0);
    s.scheduler.schedule(deletion('late', 10_000));
    s.scheduler.schedule(deletion('early', 4_000));
    assert.deepEqual(s.clock.pendingMs().filter((ms) => ms !== SAVE_MS), [4000], 'the t=10000 timer was cancelled');
    s.scheduler.schedule(deletion('past', -1));
    await settle();
    assert.deepEqual(platform.removedIds(), ['past']);
    await s.scheduler.stop();
  });

  test('the pending list is written after the debounce, atomically, and reloaded on restart; what fell due meanwhile runs at start', async () => {
    const dir = await mkdtemp(join(rootDir, 'restart-'));
    const platform = removingPlatform();
    const first = setup(dir, platform.plugin, 0);
    first.scheduler.schedule(deletion('soon', 5_000));
    first.scheduler.schedule(deletion('later', 50_000));
    await assert.rejects(readFile(first.file, 'utf8'), /ENOENT/, 'nothing is written before the debounce');
    first.clock.fire(SAVE_MS);
    await first.scheduler.flush();
    const saved = JSON.parse(await readFile(first.file, 'utf8')) as { deletions: PendingDeletion[] };
    assert.deepEqual(saved.deletions.map((d) => d.messageIds[0]), ['soon', 'later']);
    await first.scheduler.stop();
    assert.equal(platform.removed.length, 0);

    const second = setup(dir, platform.plugin, 10_000);
    await second.scheduler.start();
    await settle();
    assert.deepEqual(platform.removedIds(), ['soon'], 'due while the service was down: deleted right after start');
    assert.deepEqual(second.clock.pendingMs().filter((ms) => ms !== SAVE_MS), [40_000], 'the other one waits for its time');
    second.setNow(50_000);
    second.clock.fire(40_000);
    await settle();
    assert.deepEqual(platform.removedIds(), ['soon', 'later']);
    await second.scheduler.stop();
    const after = JSON.parse(await readFile(second.file, 'utf8')) as { deletions: PendingDeletion[] };
    assert.deepEqual(after.deletions, [], 'stop flushes the now empty list');
  });

  test('a failed deletion is logged and counted once, and not retried', async () => {
    const dir = await mkdtemp(join(rootDir, 'fail-'));
    const platform = removingPlatform([{ ok: false, permanent: true, reason: 'Unknown Message' }, new Error('socket hang up')]);
    const s = setup(dir, platform.plugin, 0);
    s.scheduler.schedule(deletion('m1', 0));
    s.scheduler.schedule(deletion('m2', 0));
    await settle();
    assert.equal(platform.removed.length, 2);
    assert.equal(await cleanCount(s.metrics, 'failed'), 2);
    const line = s.captured.find(/deletion failed/);
    assert.equal(line?.level, 'warn');
    assert.equal(line?.eventId, 'ev-m1');
    assert.equal(s.scheduler.size, 0);
    assert.deepEqual(s.clock.pendingMs(), [SAVE_MS], 'no deletion timer left');
    await s.scheduler.stop();
  });

  test('a deletion for a platform that is gone is skipped with a warning', async () => {
    const dir = await mkdtemp(join(rootDir, 'gone-'));
    const s = setup(dir, removingPlatform().plugin, 0);
    s.scheduler.schedule({ ...deletion('m1', 0), platform: 'retired' });
    await settle();
    assert.equal(await cleanCount(s.metrics, 'skipped'), 1);
    assert.ok(s.captured.find(/skipped/));
    await s.scheduler.stop();
  });

  test('a damaged file or entry is skipped with a warning, never fatal', async () => {
    const dir = await mkdtemp(join(rootDir, 'damaged-'));
    await mkdir(join(dir, '.cache'), { recursive: true });
    const platform = removingPlatform();
    const file = join(dir, CLEAN_FILE);
    await writeFile(file, JSON.stringify({ version: 1, deletions: [deletion('ok', 100), { platform: 'chat' }, 'junk'] }));
    const s = setup(dir, platform.plugin, 1000);
    await s.scheduler.start();
    await settle();
    assert.deepEqual(platform.removedIds(), ['ok']);
    assert.equal(s.captured.find(/malformed/)?.skipped, 2);
    await s.scheduler.stop();

    await writeFile(file, '{ not json');
    const t = setup(dir, platform.plugin, 1000);
    await t.scheduler.start();
    assert.equal(t.scheduler.size, 0);
    assert.equal(t.captured.find(/unreadable/)?.level, 'warn');
    await t.scheduler.stop();
  });
});
