/**
 * The journal over its stores: an entry is stored before it is acknowledged, finished deliveries are recorded,
 * a finished entry is deleted, a reopened journal hands back what was left open with its finished keys, and a
 * failing store is survived (requests go on in memory, counted; pending records are written once it works), and so
 * is an entry too deeply nested to be written as text.
 * The SQLite file store always; the database store on SQLite and MariaDB.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openJournal } from '../../../core/journal/journal.ts';
import { knexJournalStore } from '../../../core/journal/knex-store.ts';
import { sqliteJournalStore } from '../../../core/journal/sqlite-store.ts';
import { journalFileFor } from '../../../core/journal/store-for.ts';
import { JOB_KEY, settled, type Journal, type JournalStore, type WriteBatch } from '../../../core/journal/types.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { job } from '../delivery/queue-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'lookout-journal-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const ITEMS = [
  { type: 'pokemon', message: { encounter_id: '1' } },
  { type: 'pokemon', message: { encounter_id: '2' } },
];

function journalOn(store: JournalStore, metrics: Metrics = createMetrics({ collectProcess: false })): Promise<Journal> {
  return openJournal({ store, log: captureLog().log, metrics, retryAfterFailureMs: 50 });
}

async function counter(metrics: Metrics, name: 'journalBypassed' | 'journalWrites', label: Record<string, string>): Promise<number> {
  const { values } = await metrics[name].get();
  return values.filter((v) => Object.entries(label).every(([k, val]) => v.labels[k as keyof typeof v.labels] === val)).reduce((s, v) => s + v.value, 0);
}

/** the life of one entry, then a restart, on whatever store `fresh` opens (the same storage every call) */
function lifecycleTests(fresh: () => JournalStore): void {
  test('an entry is stored before it is acknowledged, and a restart hands it back with what had been delivered', async () => {
    const first = await journalOn(fresh());
    const tickets = await first.recordWebhooks(ITEMS, 1000, null);
    assert.equal(tickets.length, 2);
    assert.ok(tickets.every((t) => t.durable));
    await settled(tickets[0]!.receipt('monster:alice'));
    const bob = tickets[0]!.receipt('monster:bob');
    tickets[0]!.processed();
    await first.close(); // crash-like: item 2 never processed, bob never settled

    const second = await journalOn(fresh());
    const [work, ...rest] = second.takeRecovered();
    assert.equal(rest.length, 0);
    assert.ok(work && work.kind === 'webhooks');
    assert.equal(work.receivedAt, 1000);
    assert.deepEqual(
      work.items.map((i) => i.item),
      ITEMS,
    );
    const [one, two] = work.items;
    assert.equal(one!.ticket.finished('monster:alice'), true, 'alice had her alert');
    assert.equal(one!.ticket.finished('monster:bob'), false, 'bob was in flight: he gets it again');
    assert.equal(two!.ticket.finished('monster:alice'), false, 'keys are per item');
    assert.deepEqual(second.takeRecovered(), [], 'taken once');
    void bob;

    // the replay finishes everything: the entry is deleted
    await settled(one!.ticket.receipt('monster:bob'));
    one!.ticket.processed();
    two!.ticket.processed();
    assert.equal(second.openEntries, 0);
    await second.close();
    const third = await journalOn(fresh());
    assert.deepEqual(third.takeRecovered(), []);
    await third.close();
  });

  test('jobs entries keep the job and its platform; new entries get ids after the ones left', async () => {
    const first = await journalOn(fresh());
    const [a] = await first.recordJobs([{ platform: 'webhook', job: job('a', 1) }], 5);
    await first.recordWebhooks(ITEMS.slice(0, 1), 6, JSON.stringify(ITEMS[0]));
    void a;
    await first.close();
    const second = await journalOn(fresh());
    const work = second.takeRecovered();
    assert.deepEqual(work.map((w) => w.kind), ['jobs', 'webhooks']);
    const jobs = work[0]!;
    assert.ok(jobs.kind === 'jobs');
    assert.equal(jobs.items[0]!.item.platform, 'webhook');
    assert.deepEqual(jobs.items[0]!.item.job, job('a', 1));
    const single = work[1]!;
    assert.deepEqual(single.items.map((i) => i.item), [ITEMS[0]], 'a request of one object is stored as sent and read back as one item');
    const [later] = await second.recordJobs([{ platform: 'webhook', job: job('b', 1) }], 7);
    await settled(later!.receipt(JOB_KEY));
    later!.processed();
    for (const w of work) for (const { ticket } of w.items) ticket.processed();
    assert.equal(second.openEntries, 0);
    await second.close();
    const third = await journalOn(fresh());
    assert.deepEqual(third.takeRecovered(), []);
    await third.close();
  });
}

describe('key records are pruned once every entry they name is finished, and ids never meet old records', () => {
  test('on the SQLite file', async () => {
    const path = join(dir, `j${files++}.journal.sqlite`);
    let clock = 0;
    const open = () => openJournal({ store: sqliteJournalStore(path), log: captureLog().log, metrics: createMetrics({ collectProcess: false }), now: () => clock });
    const first = await open();
    const [a] = await first.recordWebhooks(ITEMS.slice(0, 1), 1, null);
    const [b] = await first.recordWebhooks(ITEMS.slice(0, 1), 2, null);
    await Promise.all([settled(a!.receipt('monster:x')), settled(b!.receipt('monster:x'))]);
    a!.processed(); // a is finished; b still has an unsettled delivery
    const pending = b!.receipt('monster:y');
    clock += 5000;
    await settled(b!.receipt('monster:z')); // a commit that may prune: nothing naming b can go
    await first.close();
    void pending;

    const second = await open();
    const [work] = second.takeRecovered();
    assert.ok(work);
    assert.equal(work.items[0]!.ticket.finished('monster:x'), true, 'b keeps the record it shares with a');
    assert.equal(work.items[0]!.ticket.finished('monster:z'), true);
    assert.equal(work.items[0]!.ticket.finished('monster:y'), false);
    await settled(work.items[0]!.ticket.receipt('monster:y'));
    work.items[0]!.ticket.processed();
    clock += 5000;
    const [c] = await second.recordWebhooks(ITEMS.slice(0, 1), 3, null);
    assert.equal(c!.finished('monster:x'), false, 'a new entry never inherits keys of an old one');
    await settled(c!.receipt('monster:x'));
    c!.processed();
    await second.close();

    const third = await open();
    assert.deepEqual(third.takeRecovered(), []);
    const [d] = await third.recordWebhooks(ITEMS.slice(0, 1), 4, null);
    assert.equal(d!.finished('monster:x'), false);
    await third.close();
  });
});

describe('journal on its SQLite file', () => {
  const file = join(dir, `j${files++}.journal.sqlite`);
  lifecycleTests(() => sqliteJournalStore(file));

  test('a second service cannot open a journal file in use', async () => {
    const path = join(dir, `j${files++}.journal.sqlite`);
    const first = await journalOn(sqliteJournalStore(path));
    await first.recordWebhooks(ITEMS, 1, null);
    await assert.rejects(journalOn(sqliteJournalStore(path)), /cannot be opened/);
    await first.close();
  });
});

forEachDatabase('journal in the database', (db) => {
  lifecycleTests(() => knexJournalStore(db.knex, db.engine));
});

describe('journal when its store fails', () => {
  /** a store whose writes fail while `broken` is set */
  function flakyStore() {
    const batches: WriteBatch[] = [];
    const state = { broken: false };
    const store: JournalStore = {
      description: 'flaky',
      open: async () => ({ entries: [], maxId: 0 }),
      async write(batch) {
        if (state.broken) throw new Error('disk gone');
        batches.push(batch);
      },
      close: async () => {},
    };
    return { store, batches, state };
  }

  test('requests go on in memory, counted, and the pending records are written once the store works again', async () => {
    const flaky = flakyStore();
    const metrics = createMetrics({ collectProcess: false });
    const journal = await journalOn(flaky.store, metrics);
    const [kept] = await journal.recordWebhooks(ITEMS.slice(0, 1), 1, null);
    assert.equal(kept!.durable, true);
    flaky.state.broken = true;
    const receipt = kept!.receipt('monster:alice');
    await settled(receipt); // fails: the record waits for the store
    assert.equal(journal.healthy, false);
    const [bypassed] = await journal.recordWebhooks(ITEMS.slice(0, 1), 2, null);
    assert.equal(bypassed!.durable, false, 'accepted while the store is down: memory only');
    assert.equal(await counter(metrics, 'journalBypassed', { kind: 'webhooks' }), 1);
    await settled(bypassed!.receipt('monster:alice'));
    bypassed!.processed();
    kept!.processed();
    flaky.state.broken = false;
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(journal.healthy, true);
    const deleted = flaky.batches.flatMap((b) => b.deletes);
    assert.deepEqual(deleted, [1], 'the entry stored before the failure is deleted once it finished; the bypassed one was never stored');
    assert.ok(await counter(metrics, 'journalWrites', { outcome: 'failed' }) >= 1);
    await journal.close();
  });

  test('a webhook nested deeper than JSON.stringify can go is processed from memory, counted, and leaves no open entry', async () => {
    const flaky = flakyStore();
    const metrics = createMetrics({ collectProcess: false });
    const journal = await journalOn(flaky.store, metrics);
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    const tickets = await journal.recordWebhooks([{ type: 'pokemon', message: { pvp: deep } }, ITEMS[0]!], 1, null);
    assert.equal(tickets.length, 2);
    assert.ok(tickets.every((t) => !t.durable), 'memory only');
    assert.equal(await counter(metrics, 'journalBypassed', { kind: 'webhooks' }), 2);
    assert.equal(journal.openEntries, 0);
    for (const t of tickets) t.processed();
    assert.equal(journal.healthy, true, 'the store is fine: the next entry is stored');
    assert.equal((await journal.recordWebhooks(ITEMS, 2, null)).every((t) => t.durable), true);
    await journal.close();
    assert.equal(flaky.batches.flatMap((b) => b.inserts).length, 1);
  });
});

describe('journal when its store hangs', () => {
  test('a request and a destination wait for a commit at most commitWaitMs; the items go on from memory', async () => {
    const stuck: (() => void)[] = [];
    const store: JournalStore = {
      description: 'hung',
      open: async () => ({ entries: [], maxId: 0 }),
      write: () => new Promise<void>((resolve) => stuck.push(resolve)),
      close: async () => {},
    };
    const metrics = createMetrics({ collectProcess: false });
    const journal = await openJournal({ store, log: captureLog().log, metrics, commitWaitMs: 50 });
    // the commit deadline does not keep a process alive (unref), and a hung write is no I/O: keep the loop running
    const keepAlive = setInterval(() => {}, 1000);
    after(() => clearInterval(keepAlive));
    const [ticket] = await journal.recordWebhooks(ITEMS.slice(0, 1), 1, null);
    assert.equal(ticket!.durable, false, 'not known to be stored: processed from memory');
    assert.equal(await counter(metrics, 'journalBypassed', { kind: 'webhooks' }), 1);
    await settled(ticket!.receipt('monster:alice')); // resolves: nothing of it is recorded, nothing waits
    ticket!.processed();
    for (const release of stuck.splice(0)) release();
    await new Promise((r) => setTimeout(r, 20));
    for (const release of stuck.splice(0)) release();
  });
});

test('the journal file sits beside the SQLite database', () => {
  assert.equal(journalFileFor('config/lookout.sqlite'), join('config', 'lookout.journal.sqlite'));
  assert.equal(journalFileFor('/data/poracle.db'), '/data/poracle.journal.sqlite');
  assert.equal(journalFileFor(':memory:'), ':memory:');
});
