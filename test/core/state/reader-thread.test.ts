/**
 * The state reader thread reads a table's active rows exactly as the service thread does, and a read it cannot
 * make is refused so the caller reads in its own thread.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Human } from '../../../core/contract.ts';
import type { DbOptions } from '../../../core/db/connect.ts';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readTableValuePages } from '../../../core/db/read-table.ts';
import { LookoutError } from '../../../core/errors.ts';
import type { ActiveRows } from '../../../core/state/active-rows.ts';
import { activeIdOf, collectActiveRows } from '../../../core/state/collect-rows.ts';
import { databaseStateSource } from '../../../core/state/db-source.ts';
import { readableFromThread, StateReaderThread } from '../../../core/state/reader-thread.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { human } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { trackingRow } from '../db/rows.ts';
import { captureDbLog } from '../db/support.ts';

const humans = new Map<string, Human>([
  ['a', human('a')],
  ['b', human('b', { currentProfileNo: 2 })],
  ['off', human('off', { enabled: false })],
]);

function rowsOf(rows: ActiveRows): unknown[] {
  return Array.from({ length: rows.length }, (_, i) => rows.row(i));
}

it('reads the active rows of a table as the service thread reads them, on both engines', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    const ids = ['a', 'b', 'off', 'nobody'];
    await db.knex.batchInsert('monsters', Array.from({ length: 2_500 }, (_, i) => trackingRow('monsters', ids[i % 4]!, { pokemon_id: i % 400, profile_no: 1 + (i % 3 === 0 ? 1 : 0), template: i % 5 ? null : `t${i}` })), 200);
    const thread = new StateReaderThread(db.options);
    try {
      const here = await collectActiveRows((onPage) => readTableValuePages(db.knex, 'monsters', onPage), activeIdOf(humans));
      const there = await thread.read('monsters', humans);
      assert.ok(here.length > 500, `${here.length} active rows`);
      assert.deepEqual(rowsOf(there), rowsOf(here));
      assert.equal((await thread.read('nests', humans)).length, 0, 'an empty table');
      await assert.rejects(thread.read('no_such_table', humans), (err: unknown) => err instanceof LookoutError && err.code === 'UNAVAILABLE' && /no_such_table/.test(err.message));
      assert.equal((await thread.read('monsters', humans)).length, here.length, 'a failed read leaves the thread working');
    } finally {
      await thread.stop();
    }
  });
});

it('a stopped or unusable thread refuses reads, and the database source then reads in its own thread, saying so once', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    await db.knex('monsters').insert([trackingRow('monsters', 'a', { pokemon_id: 1, profile_no: 1 }), trackingRow('monsters', 'b', { pokemon_id: 2, profile_no: 2 })]);
    const thread = new StateReaderThread(db.options);
    await thread.stop();
    await assert.rejects(thread.read('monsters', humans), LookoutError);
    const captured = captureLog();
    const source = databaseStateSource(db.knex, thread, captured.log);
    for (let i = 0; i < 2; i++) assert.deepEqual(rowsOf(await source.readActiveRows!('monsters', humans)).map((row) => (row as { id: string }).id), ['a', 'b']);
    assert.equal(captured.lines.filter((line) => /reader thread unavailable/.test(String(line.msg))).length, 1);
  });
});

it('an in-memory SQLite database cannot be read from another thread', () => {
  const sqlite = (filename: string): DbOptions => ({ client: 'sqlite', filename, host: '', port: 0, user: '', password: '', database: '', maxConnections: 1 });
  assert.equal(readableFromThread(sqlite(':memory:')), false);
  assert.equal(readableFromThread(sqlite('')), false);
  assert.equal(readableFromThread(sqlite('/var/lib/lookout.sqlite')), true);
  assert.equal(readableFromThread({ ...sqlite(''), client: 'mysql' }), true);
});
