/**
 * Edits in place and reply chains through the delivery service: a job with an editKey for an `edit` rule edits the
 * recipient's earlier message (not counted against the alert limits, its clean-up deletion moved to the new expiry),
 * a failed edit sends a new message, reply chains stamp `replyTo` on the next message, jobs without an editKey are
 * untouched, and the memory survives a restart of the service.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { DeliveryJob, DeliveryOutcome, EditKey, PlatformPlugin } from '../../../core/contract.ts';
import { CLEAN_FILE } from '../../../core/delivery/clean-file.ts';
import { createDeliveryService } from '../../../core/delivery/service.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { defaultConfig } from '../../helpers/config.ts';
import { job, manualTimers } from './queue-fixtures.ts';

const RAID: EditKey = { key: 'raid:g1:100', until: 100_000 };

interface EditCall {
  readonly job: DeliveryJob;
  readonly ids: readonly string[];
}

function editingPlatform(editAnswer: (call: EditCall) => DeliveryOutcome = () => ({ ok: true })) {
  const delivered: DeliveryJob[] = [];
  const edits: EditCall[] = [];
  let seq = 0;
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name: 'chat',
    targetTypes: ['chat:user'],
    templatePlatform: 'discord',
    async deliver(j) {
      delivered.push(j);
      return { ok: true, messageIds: [`m${++seq}`] };
    },
    async edit(j, ids) {
      const call = { job: j, ids };
      edits.push(call);
      return editAnswer(call);
    },
    remove: async () => ({ ok: true }),
  };
  return { plugin, delivered, edits };
}

async function followUps(metrics: Metrics, outcome: string): Promise<number> {
  return (await metrics.followUps.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

function keyed(seq: number, clean: number, editKey: EditKey = RAID, expiresAt = 50_000): DeliveryJob {
  return { ...job('u1', seq, { type: 'chat:user', clean, expiresAt }), editKey };
}

async function withService<T>(
  chat: PlatformPlugin,
  options: { replyChains?: boolean; dmLimit?: number; rootDir?: string },
  fn: (s: ReturnType<typeof createDeliveryService>, metrics: Metrics, rootDir: string) => Promise<T>,
): Promise<T> {
  const rootDir = options.rootDir ?? (await mkdtemp(join(tmpdir(), 'lookout-followups-')));
  const metrics = createMetrics({ collectProcess: false });
  const service = createDeliveryService({
    log: silentLogger(),
    metrics,
    rootDir,
    limits: { ...defaultConfig().alert_limits, dm_limit: options.dmLimit ?? 0 },
    capacity: 10,
    platforms: [chat],
    platformForTarget: () => chat,
    registeredType: () => undefined,
    humans: { get: async () => ({ fails: 0, enabled: true, adminDisable: false }), update: async () => {} },
    failsInSnapshot: () => 0,
    now: () => 1000,
    timers: manualTimers().timers,
    sentMemory: 100,
    replyChains: options.replyChains ?? false,
  });
  await service.start();
  try {
    return await fn(service, metrics, rootDir);
  } finally {
    await service.stop();
    if (!options.rootDir) await rm(rootDir, { recursive: true, force: true });
  }
}

describe('edits in place and reply chains', () => {
  test('an edit rule: the first alert is sent, the next about the same thing edits it, not counted against the limits', async () => {
    const chat = editingPlatform();
    await withService(chat.plugin, { dmLimit: 1 }, async (s, metrics) => {
      await s.dispatcher.dispatch(keyed(1, 2), chat.plugin);
      await s.dispatcher.dispatch(keyed(2, 2), chat.plugin);
      await s.dispatcher.dispatch(keyed(3, 2), chat.plugin);
      await s.dispatcher.drain();
      assert.equal(chat.delivered.length, 1, 'one message sent');
      assert.deepEqual(chat.edits.map((e) => [e.job.message.body.content, e.ids]), [['u1#2', ['m1']], ['u1#3', ['m1']]]);
      assert.equal(await followUps(metrics, 'edited'), 2);
      assert.equal(await followUps(metrics, 'sent_new'), 1);
      const dropped = (await metrics.deliveriesDropped.get()).values.reduce((n, v) => n + v.value, 0);
      assert.equal(dropped, 0, 'the edits were not refused by dm_limit = 1');
    });
  });

  test('a failed edit sends a new message, which the next alert edits', async () => {
    let failures = 1;
    const chat = editingPlatform(() => (failures-- > 0 ? { ok: false, permanent: true, reason: 'Unknown Message' } : { ok: true }));
    await withService(chat.plugin, {}, async (s, metrics) => {
      for (const seq of [1, 2, 3]) await s.dispatcher.dispatch(keyed(seq, 2), chat.plugin);
      await s.dispatcher.drain();
      assert.deepEqual(chat.delivered.map((j) => j.message.body.content), ['u1#1', 'u1#2']);
      assert.deepEqual(chat.edits.map((e) => e.ids), [['m1'], ['m2']], 'the third edits the message sent after the failed edit');
      assert.equal(await followUps(metrics, 'edit_failed_resent'), 1);
      assert.equal(await followUps(metrics, 'edited'), 1);
    });
  });

  test('reply chains: a rule without the edit bit gets a reply to its earlier message; other things and recipients do not', async () => {
    const chat = editingPlatform();
    await withService(chat.plugin, { replyChains: true }, async (s, metrics) => {
      await s.dispatcher.dispatch(keyed(1, 0), chat.plugin);
      await s.dispatcher.dispatch(keyed(2, 0), chat.plugin);
      await s.dispatcher.dispatch(keyed(3, 0, { key: 'raid:g2:100', until: 100_000 }), chat.plugin);
      await s.dispatcher.dispatch({ ...job('u2', 1, { type: 'chat:user' }), editKey: RAID }, chat.plugin);
      await s.dispatcher.drain();
      const replies = Object.fromEntries(chat.delivered.map((j) => [String(j.message.body.content), j.replyTo ?? null]));
      const first = chat.delivered.findIndex((j) => j.message.body.content === 'u1#1');
      assert.deepEqual(replies, { 'u1#1': null, 'u1#2': [`m${first + 1}`], 'u1#3': null, 'u2#1': null });
      assert.equal(chat.edits.length, 0);
      assert.equal(await followUps(metrics, 'replied'), 1);
    });
  });

  test('without reply chains, a rule without the edit bit is sent as it is', async () => {
    const chat = editingPlatform();
    await withService(chat.plugin, {}, async (s) => {
      await s.dispatcher.dispatch(keyed(1, 0), chat.plugin);
      await s.dispatcher.dispatch(keyed(2, 0), chat.plugin);
      await s.dispatcher.drain();
      assert.deepEqual(chat.delivered.map((j) => j.replyTo ?? null), [null, null]);
    });
  });

  test('edit + clean: the edited message is deleted at the new alert expiry, not the first', async () => {
    const chat = editingPlatform();
    await withService(chat.plugin, {}, async (s, _metrics, rootDir) => {
      await s.dispatcher.dispatch(keyed(1, 3, RAID, 20_000), chat.plugin);
      await s.dispatcher.dispatch(keyed(2, 3, RAID, 90_000), chat.plugin);
      await s.dispatcher.drain();
      await s.clean.flush();
      const saved = JSON.parse(await readFile(join(rootDir, CLEAN_FILE), 'utf8')) as { deletions: { messageIds: string[]; at: number }[] };
      assert.deepEqual(saved.deletions.map((d) => [d.messageIds, d.at]), [[['m1'], 90_000]]);
    });
  });

  test('an edit whose rule does not clean cancels the earlier message\'s deletion', async () => {
    const chat = editingPlatform();
    await withService(chat.plugin, {}, async (s, _metrics, rootDir) => {
      await s.dispatcher.dispatch(keyed(1, 3, RAID, 20_000), chat.plugin);
      await s.dispatcher.dispatch(keyed(2, 2, RAID, 90_000), chat.plugin);
      await s.dispatcher.drain();
      await s.clean.flush();
      const saved = JSON.parse(await readFile(join(rootDir, CLEAN_FILE), 'utf8')) as { deletions: unknown[] };
      assert.deepEqual(saved.deletions, []);
      assert.equal(chat.edits.length, 1);
    });
  });

  test('the memory survives a restart of the service: the next alert still edits', async () => {
    const rootDir = await mkdtemp(join(tmpdir(), 'lookout-followups-restart-'));
    try {
      const first = editingPlatform();
      await withService(first.plugin, { rootDir }, async (s) => {
        await s.dispatcher.dispatch(keyed(1, 2), first.plugin);
      });
      const second = editingPlatform();
      await withService(second.plugin, { rootDir }, async (s) => {
        await s.dispatcher.dispatch(keyed(2, 2), second.plugin);
        await s.dispatcher.drain();
      });
      assert.equal(second.delivered.length, 0);
      assert.deepEqual(second.edits.map((e) => e.ids), [['m1']]);
    } finally {
      await rm(rootDir, { recursive: true, force: true });
    }
  });
});
