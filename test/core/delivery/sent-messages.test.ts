/**
 * The sent-message memory: record and look up per (key, recipient), expiry at `until`, the bound (least recently
 * recorded forgotten first), the file that carries it across a restart (expired entries dropped, damaged ones
 * skipped), and the debounced save.
 */
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SENT_FILE, sentFileStore, type SentStore } from '../../../core/delivery/sent-file.ts';
import { SentMessages, type SentEntry } from '../../../core/delivery/sent-messages.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { manualTimers } from './queue-fixtures.ts';

const ALICE = { id: 'u1', type: 'test:user' };
const BOB = { id: 'u2', type: 'test:user' };
const SAVE_MS = 1000;

function memoryStore(initial: SentEntry[] = []): SentStore & { saved: SentEntry[][] } {
  const saved: SentEntry[][] = [];
  return { saved, load: async () => initial, save: async (entries) => void saved.push([...entries]) };
}

function memory(options: { capacity?: number; store?: SentStore; startAt?: number } = {}) {
  let now = options.startAt ?? 1_000;
  const clock = manualTimers();
  const metrics = createMetrics({ collectProcess: false });
  const store = options.store ?? memoryStore();
  const sent = new SentMessages({ log: silentLogger(), metrics, store, capacity: options.capacity ?? 100, now: () => now, timers: clock.timers, saveDelayMs: SAVE_MS });
  return { sent, clock, metrics, store, advance: (ms: number) => void (now += ms), at: () => now };
}

describe('sent-message memory', () => {
  let rootDir: string;
  before(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'lookout-sent-'));
  });
  after(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  test('a message is found for its key and recipient only, and a later record replaces it', () => {
    const { sent } = memory();
    sent.record('raid:g1:100', ALICE, { platform: 'chat', messageIds: ['m1'], until: 10_000 });
    assert.deepEqual(sent.lookup('raid:g1:100', ALICE), { key: 'raid:g1:100', target: ALICE, platform: 'chat', messageIds: ['m1'], until: 10_000 });
    assert.equal(sent.lookup('raid:g1:100', BOB), null, 'another recipient');
    assert.equal(sent.lookup('raid:g2:100', ALICE), null, 'another thing');
    assert.equal(sent.lookup('raid:g1:100', { id: 'u1', type: 'other:user' }), null, 'same id, another target type');
    sent.record('raid:g1:100', ALICE, { platform: 'chat', messageIds: ['m2', 'm3'], until: 12_000 });
    assert.deepEqual(sent.lookup('raid:g1:100', ALICE)?.messageIds, ['m2', 'm3']);
    assert.equal(sent.size, 1);
    sent.forget('raid:g1:100', ALICE);
    assert.equal(sent.lookup('raid:g1:100', ALICE), null);
  });

  test('a message is forgotten at its until; one already over, or without ids, is not recorded', () => {
    const { sent, advance } = memory();
    sent.record('k', ALICE, { platform: 'chat', messageIds: ['m1'], until: 2_000 });
    sent.record('late', ALICE, { platform: 'chat', messageIds: ['m2'], until: 1_000 });
    sent.record('empty', ALICE, { platform: 'chat', messageIds: [], until: 5_000 });
    assert.equal(sent.size, 1);
    advance(999);
    assert.ok(sent.lookup('k', ALICE));
    advance(1);
    assert.equal(sent.lookup('k', ALICE), null);
    assert.equal(sent.size, 0, 'the expired entry is gone once looked up');
  });

  test('bounded: past the capacity the least recently recorded goes first; capacity 0 remembers nothing', () => {
    const { sent, metrics } = memory({ capacity: 2 });
    sent.record('a', ALICE, { platform: 'chat', messageIds: ['1'], until: 9_000 });
    sent.record('b', ALICE, { platform: 'chat', messageIds: ['2'], until: 9_000 });
    sent.record('a', ALICE, { platform: 'chat', messageIds: ['3'], until: 9_000 }); // a is now the most recent
    sent.record('c', ALICE, { platform: 'chat', messageIds: ['4'], until: 9_000 });
    assert.equal(sent.size, 2);
    assert.equal(sent.lookup('b', ALICE), null, 'b was the least recently recorded');
    assert.deepEqual(sent.lookup('a', ALICE)?.messageIds, ['3']);
    assert.deepEqual(sent.lookup('c', ALICE)?.messageIds, ['4']);
    return metrics.sentRemembered.get().then((g) => assert.equal(g.values[0]?.value, 2)).then(() => {
      const none = memory({ capacity: 0 }).sent;
      none.record('a', ALICE, { platform: 'chat', messageIds: ['1'], until: 9_000 });
      assert.equal(none.lookup('a', ALICE), null);
    });
  });

  test('expired entries are swept as records go on, so they do not take the room of live ones', () => {
    const { sent, advance } = memory({ capacity: 5000 });
    for (let i = 0; i < 500; i++) sent.record(`old${i}`, ALICE, { platform: 'chat', messageIds: ['x'], until: 2_000 });
    advance(5_000);
    for (let i = 0; i < 600; i++) sent.record(`new${i}`, ALICE, { platform: 'chat', messageIds: ['y'], until: 60_000 });
    assert.equal(sent.size, 600, 'the 500 expired entries were swept at the 1000th record');
  });

  test('changes are saved after the delay, once, with only live entries; stop saves at once', async () => {
    const store = memoryStore();
    const { sent, clock, advance } = memory({ store });
    sent.record('a', ALICE, { platform: 'chat', messageIds: ['1'], until: 2_000 });
    sent.record('b', BOB, { platform: 'chat', messageIds: ['2'], until: 9_000 });
    assert.deepEqual(clock.pendingMs(), [SAVE_MS], 'one timer for both changes');
    advance(1_500);
    clock.fire(SAVE_MS);
    await sent.flush();
    assert.equal(store.saved.length, 1);
    assert.deepEqual(store.saved[0]!.map((e) => e.key), ['b'], 'the expired entry is not written');
    sent.forget('b', BOB);
    await sent.stop();
    assert.deepEqual(store.saved.at(-1), []);
  });

  test('a restart keeps what is still live: written to the file, read back by a new memory', async () => {
    const dir = join(rootDir, 'restart');
    const first = memory({ store: sentFileStore(dir, silentLogger()) });
    first.sent.record('raid:g1:100', ALICE, { platform: 'discord', messageIds: ['111'], until: 50_000 });
    first.sent.record('raid:g2:100', BOB, { platform: 'telegram', messageIds: ['5', '6'], until: 3_000 });
    await first.sent.stop();
    const file = JSON.parse(await readFile(join(dir, SENT_FILE), 'utf8')) as { version: number; messages: unknown[] };
    assert.equal(file.version, 1);
    assert.equal(file.messages.length, 2);

    const second = memory({ store: sentFileStore(dir, silentLogger()), startAt: 10_000 });
    await second.sent.start();
    assert.deepEqual(second.sent.lookup('raid:g1:100', ALICE), { key: 'raid:g1:100', target: ALICE, platform: 'discord', messageIds: ['111'], until: 50_000 });
    assert.equal(second.sent.lookup('raid:g2:100', BOB), null, 'over while the service was down');
    assert.equal(second.sent.size, 1);
  });

  test('a damaged file or entry is skipped with a warning; a missing file is an empty memory', async () => {
    const dir = join(rootDir, 'damaged');
    await mkdir(join(dir, '.cache'), { recursive: true });
    const captured = captureLog('silly');
    const good = { key: 'k', target: ALICE, platform: 'chat', messageIds: ['1'], until: 90_000 };
    await writeFile(join(dir, SENT_FILE), JSON.stringify({ version: 1, messages: [good, { key: 'k2', target: ALICE, platform: 'chat', messageIds: [], until: 90_000 }, 'junk'] }));
    assert.deepEqual(await sentFileStore(dir, captured.log).load(), [good]);
    assert.ok(captured.lines.some((l) => l.msg === 'malformed sent-message memory entries skipped' && l.skipped === 2));
    await writeFile(join(dir, SENT_FILE), '{ nope');
    assert.deepEqual(await sentFileStore(dir, captured.log).load(), []);
    assert.ok(captured.lines.some((l) => l.msg === 'sent-message memory unreadable; starting without it'));
    assert.deepEqual(await sentFileStore(join(rootDir, 'absent'), captured.log).load(), []);
  });
});
