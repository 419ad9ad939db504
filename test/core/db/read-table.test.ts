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

it('reads text, NULL, a BLOB and floating-point values as the driver holds them', async (t) => {
  await forEachDatabase(t, async (db) => {
    await db.knex.schema.createTable('odd_rules', (table) => {
      table.increments('uid');
      table.string('id', 64).notNullable();
      table.integer('profile_no').notNullable().defaultTo(1);
      table.text('note').nullable();
      table.bigInteger('big').notNullable();
    });
    await db.knex.schema.createTable('float_rules', (table) => {
      table.increments('uid');
      table.string('id', 64).notNullable();
      table.double('ratio').notNullable();
    });
    const notes = ['plain', 'quote " and \\ back', 'ünïcödé ✓ 🐉', '', null, '[1,2]', 'line\nbreak'];
    await db.knex('odd_rules').insert(notes.map((note, i) => ({ id: `h${i}`, note, big: 2 ** 40 + i })));
    const read = await readTable(db.knex, 'odd_rules', 3);
    assert.deepEqual(read.map((r) => r.note), notes);
    assert.deepEqual(read.map((r) => r.big), notes.map((_, i) => 2 ** 40 + i));
    // a BLOB stored in a text column (SQLite keeps what it is given) is read as its text
    await db.knex('odd_rules').insert({ id: 'hb', note: Buffer.from('from a blob'), big: 1 });
    assert.equal((await readTable(db.knex, 'odd_rules', 2)).at(-1)!.note, 'from a blob');
    const ratios = [0.1 + 0.2, 51.507212345678912, -0.000123456789012345];
    await db.knex('float_rules').insert(ratios.map((ratio, i) => ({ id: `h${i}`, ratio })));
    assert.deepEqual((await readTable(db.knex, 'float_rules')).map((r) => r.ratio), ratios);
  });
});
