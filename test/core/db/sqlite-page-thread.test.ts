/**
 * SQLite pages read by a worker thread during a state reload: the same rows as reading in the service's thread,
 * and reading goes on in the service's thread whenever the page thread cannot serve.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import knexFactory from 'knex';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readTable } from '../../../core/db/read-table.ts';
import { pageThreadFor, SqlitePageThread } from '../../../core/db/sqlite-page-thread.ts';
import { openTestDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';
import { captureDbLog } from './support.ts';

describe('the SQLite page thread', () => {
  it('reads a file database page by page in uid order, the same rows as the table holds', async (t) => {
    const db = await openTestDatabase('sqlite', { migrate: false });
    t.after(() => db.cleanup());
    await prepareDatabase(db.knex, captureDbLog());
    const rows = Array.from({ length: 1_234 }, (_, i) => trackingRow('monsters', `h${i % 17}`, { pokemon_id: (i % 900) + 1, min_iv: i % 101, ping: i % 5 ? '' : `<@${i}> ✓` }));
    for (let i = 0; i < rows.length; i += 200) await db.knex('monsters').insert(rows.slice(i, i + 200));
    const thread = pageThreadFor(db.knex);
    assert.ok(thread, 'a database in a file has a page thread');
    const read = await readTable(db.knex, 'monsters', 100);
    assert.equal(read.length, rows.length);
    assert.deepEqual(read.map((r) => [r.id, r.pokemon_id, r.min_iv, r.ping]), rows.map((r) => [r.id, r.pokemon_id, r.min_iv, r.ping]));
    assert.ok(read.every((r, i) => i === 0 || r.uid > read[i - 1]!.uid));
    assert.equal(thread.served, 13, '12 full pages and the last, shorter one came from the thread');
    await thread.close();
  });

  it('an in-memory database has none, and is read in the service thread', async (t) => {
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    t.after(() => knex.destroy());
    await prepareDatabase(knex, captureDbLog());
    await knex('monsters').insert([trackingRow('monsters', 'a'), trackingRow('monsters', 'b')]);
    assert.equal(pageThreadFor(knex), null);
    assert.deepEqual((await readTable(knex, 'monsters', 1)).map((r) => r.id), ['a', 'b']);
  });

  it('a thread that cannot open its database rejects with the reason, every time', async () => {
    const thread = new SqlitePageThread(join('/nonexistent', 'lookout.sqlite'));
    await assert.rejects(thread.page('select 1, 1, 1', []), /SQLite page thread failed: .*(unable to open|does not exist|directory)/i);
    await assert.rejects(thread.page('select 1, 1, 1', []), /SQLite page thread failed/);
    await thread.close();
  });

  it('a failing query rejects that page only; a thread stopped when idle starts again for the next page', async (t) => {
    const db = await openTestDatabase('sqlite', { migrate: false });
    t.after(() => db.cleanup());
    await prepareDatabase(db.knex, captureDbLog());
    const thread = new SqlitePageThread(db.options.filename, 20);
    t.after(() => thread.close());
    await assert.rejects(thread.page('select nonsense from nowhere', []), /no such table/);
    assert.deepEqual(await thread.page("select json_array(1, 'x'), 1, 7", []), { text: '[1,"x"]', rows: 1, last: 7 });
    await sleep(120);
    assert.deepEqual(await thread.page("select json_array(2), 1, 8", []), { text: '[2]', rows: 1, last: 8 });
    assert.equal(thread.served, 2);
  });
});
