/**
 * Whole tracking tables are read page by page in uid order, with values as the columns hold them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readTable } from '../../../core/db/read-table.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';
import { captureDbLog } from './support.ts';

it('reads every row across pages in uid order, with numbers and text normalised', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    const rows = Array.from({ length: 7 }, (_, i) => trackingRow('monsters', `h${i % 3}`, { pokemon_id: i + 1, profile_no: 1 + (i % 2) }));
    await db.knex('monsters').insert(rows);
    for (const pageRows of [2, 3, 7, 100]) {
      const read = await readTable(db.knex, 'monsters', pageRows);
      assert.deepEqual(read.map((r) => r.pokemon_id), [1, 2, 3, 4, 5, 6, 7], `page of ${pageRows}`);
      assert.ok(read.every((r, i) => typeof r.uid === 'number' && (i === 0 || r.uid > read[i - 1]!.uid)));
      assert.deepEqual(read.map((r) => [r.id, r.profile_no]), rows.map((r) => [r.id, r.profile_no]));
    }
    assert.deepEqual(await readTable(db.knex, 'nests', 2), []);
  });
});
