/**
 * The delivery core as the app wires it: the queue's callbacks reach the humans writer and the clean-up
 * scheduler, [alert_limits] come from the config (the shame channel located by shame-channel.ts), and stop drains then
 * saves.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { defaultConfig } from '../../helpers/config.ts';
import type { DeliveryJob, DeliveryOutcome, PlatformPlugin } from '../../../core/contract.ts';
import { CLEAN_FILE } from '../../../core/delivery/clean-file.ts';
import { createDeliveryService } from '../../../core/delivery/service.ts';
import type { HumanWriter } from '../../../core/delivery/target-health.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { droppedCount, job, manualTimers, settle } from './queue-fixtures.ts';

type Patch = Parameters<HumanWriter['update']>[1];

function memoryHumans(ids: readonly string[]) {
  const rows = new Map(ids.map((id) => [id, { fails: 0, enabled: true, adminDisable: false }]));
  const patches: { id: string; patch: Patch }[] = [];
  const humans: HumanWriter = {
    get: async (id) => rows.get(id) ?? null,
    update: async (id, patch) => {
      patches.push({ id, patch });
      const row = rows.get(id);
      if (row) rows.set(id, { ...row, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
    },
  };
  return { humans, rows, patches };
}

function chatPlatform(name: string, targetTypes: string[], answer: (job: DeliveryJob) => DeliveryOutcome) {
  const delivered: DeliveryJob[] = [];
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name,
    targetTypes,
    templatePlatform: name,
    commandPrefix: '!',
    async deliver(j) {
      delivered.push(j);
      return answer(j);
    },
    remove: async () => ({ ok: true }),
  };
  return { plugin, delivered };
}

async function withRoot<T>(fn: (rootDir: string) => Promise<T>): Promise<T> {
  const rootDir = await mkdtemp(join(tmpdir(), 'lookout-delivery-'));
  try {
    return await fn(rootDir);
  } finally {
    await rm(rootDir, { recursive: true, force: true });
  }
}

describe('delivery service', () => {
  test('clean deliveries are saved on stop; permanent failures are counted on the human', () =>
    withRoot(async (rootDir) => {
      const { humans, rows } = memoryHumans(['u1', 'gone']);
      let seq = 0;
      const chat = chatPlatform('chat', ['chat:user'], (j) => (j.target.id === 'gone' ? { ok: false, permanent: true, reason: 'Cannot send messages to this user' } : { ok: true, messageIds: [`m${++seq}`] }));
      const clock = manualTimers();
      const service = createDeliveryService({
        log: captureLog('silly').log,
        metrics: createMetrics({ collectProcess: false }),
        rootDir,
        limits: defaultConfig().alert_limits,
        capacity: 10,
        platforms: [chat.plugin],
        platformForTarget: (type) => (chat.plugin.targetTypes.includes(type) ? chat.plugin : undefined),
        registeredType: () => undefined,
        humans,
        failsInSnapshot: (id) => rows.get(id)?.fails,
        now: () => 1000,
        timers: clock.timers,
      });
      await service.start();
      await service.dispatcher.dispatch(job('u1', 1, { type: 'chat:user', clean: 1, expiresAt: 60_000 }), chat.plugin);
      await service.dispatcher.dispatch(job('u1', 2, { type: 'chat:user', clean: 0, expiresAt: 60_000 }), chat.plugin);
      await service.dispatcher.dispatch(job('gone', 1, { type: 'chat:user' }), chat.plugin);
      await service.stop();
      const saved = JSON.parse(await readFile(join(rootDir, CLEAN_FILE), 'utf8')) as { deletions: { messageIds: string[]; at: number; platform: string }[] };
      assert.deepEqual(saved.deletions.map((d) => [d.platform, d.messageIds, d.at]), [['chat', ['m1'], 60_000]]);
      assert.equal(rows.get('gone')?.fails, 1);
      assert.equal(rows.get('u1')?.fails, 0);
    }));

  test('a target stopped by the limits is disabled, and an unregistered shame channel id goes to a platform serving channels', () =>
    withRoot(async (rootDir) => {
      const { humans, rows } = memoryHumans(['u1']);
      const chat = chatPlatform('chat', ['chat:user'], () => ({ ok: true }));
      const board = chatPlatform('board', ['board:channel'], () => ({ ok: true }));
      const metrics = createMetrics({ collectProcess: false });
      const service = createDeliveryService({
        log: captureLog('silly').log,
        metrics,
        rootDir,
        limits: { ...defaultConfig().alert_limits, dm_limit: 1, max_limits_before_stop: 1, shame_channel: '555' },
        capacity: 10,
        platforms: [chat.plugin, board.plugin],
        platformForTarget: (type) => [chat.plugin, board.plugin].find((p) => p.targetTypes.includes(type)),
        registeredType: () => undefined,
        humans,
        failsInSnapshot: () => 0,
        timers: manualTimers().timers,
      });
      await service.start();
      for (const n of [1, 2]) await service.dispatcher.dispatch(job('u1', n, { type: 'chat:user' }), chat.plugin);
      await service.stop();
      await settle();
      assert.equal(rows.get('u1')?.enabled, false);
      assert.equal(await droppedCount(metrics, 'limit'), 1);
      assert.equal(board.delivered.length, 1);
      assert.deepEqual(board.delivered[0]!.target, { id: '555', type: 'board:channel', name: 'shame channel', language: null });
      assert.deepEqual(Object.keys(board.delivered[0]!.message.body), ['content']);
      assert.equal(board.delivered[0]!.message.platform, 'board');
    }));

  test('a shame channel id registered as a human is reported to with its own type', () =>
    withRoot(async (rootDir) => {
      const { humans } = memoryHumans(['u1']);
      const chat = chatPlatform('chat', ['chat:user', 'chat:channel'], () => ({ ok: true }));
      const board = chatPlatform('board', ['board:channel', 'board:thread'], () => ({ ok: true }));
      const platforms = [chat.plugin, board.plugin];
      const service = createDeliveryService({
        log: captureLog('silly').log,
        metrics: createMetrics({ collectProcess: false }),
        rootDir,
        limits: { ...defaultConfig().alert_limits, dm_limit: 1, max_limits_before_stop: 1, shame_channel: '555' },
        capacity: 10,
        platforms,
        platformForTarget: (type) => platforms.find((p) => p.targetTypes.includes(type)),
        registeredType: (id) => (id === '555' ? 'board:thread' : undefined),
        humans,
        failsInSnapshot: () => 0,
        timers: manualTimers().timers,
      });
      await service.start();
      for (const n of [1, 2]) await service.dispatcher.dispatch(job('u1', n, { type: 'chat:user' }), chat.plugin);
      await service.stop();
      await settle();
      assert.deepEqual(board.delivered.map((j) => j.target), [{ id: '555', type: 'board:thread', name: 'shame channel', language: null }]);
      assert.ok(chat.delivered.every((j) => j.target.id === 'u1'), 'the chat platform, though it serves channels, gets no report');
    }));

  test('a shame channel no platform serves is skipped with a warning', () =>
    withRoot(async (rootDir) => {
      const captured = captureLog('silly');
      const chat = chatPlatform('chat', ['chat:user'], () => ({ ok: true }));
      const service = createDeliveryService({
        log: captured.log,
        metrics: createMetrics({ collectProcess: false }),
        rootDir,
        limits: { ...defaultConfig().alert_limits, shame_channel: '555' },
        capacity: 10,
        platforms: [chat.plugin],
        platformForTarget: () => undefined,
        registeredType: () => undefined,
        humans: memoryHumans([]).humans,
        failsInSnapshot: () => undefined,
      });
      assert.ok(captured.find(/no platform serves the shame channel/));
      await service.stop();
    }));
});
