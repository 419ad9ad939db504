/**
 * Packed active rows give back exactly the row objects read-table.ts builds from the same values.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readTable, readTableValuePages, type TableLayout } from '../../../core/db/read-table.ts';
import { PackedRows } from '../../../core/state/packed-rows.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from '../db/rows.ts';
import { captureDbLog } from '../db/support.ts';

const layout: TableLayout = { columns: ['uid', 'id', 'profile_no', 'n', 't'], integer: [true, false, true, true, false] };

function assertColumnsAgree(rows: PackedRows, i: number): void {
  const row = rows.row(i);
  for (const name of layout.columns) assert.deepEqual(rows.column(name)(i), row[name], `column ${name} of row ${i}`);
}

it('keeps integers, NULL, the marker values themselves and unusual values of integer columns exactly', () => {
  const rows = new PackedRows(layout);
  const values = [0, -1, 7, 2_147_483_647, -2_147_483_646, -2_147_483_647, -2_147_483_648, 2_147_483_648, 1.5, null, '12', 10n, Buffer.from('9')];
  values.forEach((n, i) => rows.push([i + 1, 'h', 1, n, 'x'], 'shared'));
  assert.equal(rows.length, values.length);
  assert.deepEqual(
    values.map((_, i) => rows.row(i).n),
    [0, -1, 7, 2_147_483_647, -2_147_483_646, -2_147_483_647, -2_147_483_648, 2_147_483_648, 1.5, null, '12', 10, '9'],
  );
  values.forEach((_, i) => assertColumnsAgree(rows, i));
});

it('gives uid and profile_no as numbers, id as the shared string, other columns normalised, keys in column order', () => {
  const rows = new PackedRows(layout);
  const shared = ['h', 'one'].join('-');
  rows.push(['5', 'h-one', null, 3, Buffer.from('from a blob')], shared);
  rows.push([6n, 'h-one', 2, 4, null], shared);
  // a NULL profile_no reads as 0, as read-table.ts reads it
  assert.deepEqual(rows.row(0), { uid: 5, id: 'h-one', profile_no: 0, n: 3, t: 'from a blob' });
  assert.deepEqual(rows.row(1), { uid: 6, id: 'h-one', profile_no: 2, n: 4, t: null });
  assert.deepEqual(Object.keys(rows.row(1)), layout.columns);
  assert.notEqual(rows.row(0), rows.row(0), 'a new object on every call');
  [0, 1].forEach((i) => assertColumnsAgree(rows, i));
  assert.equal(rows.column('missing')(0), undefined);
});

it('keeps rows across chunks and refuses a row out of range', () => {
  const rows = new PackedRows(layout);
  const count = 40_000;
  for (let i = 0; i < count; i++) rows.push([i + 1, `h${i % 7}`, 1, i % 3 === 0 ? null : -i, i % 5 === 0 ? null : `t${i}`], `h${i % 7}`);
  for (const i of [0, 1, 16_383, 16_384, 16_385, 32_767, 32_768, count - 1]) {
    assert.deepEqual(rows.row(i), { uid: i + 1, id: `h${i % 7}`, profile_no: 1, n: i % 3 === 0 ? null : -i, t: i % 5 === 0 ? null : `t${i}` }, `row ${i}`);
    assertColumnsAgree(rows, i);
  }
  for (const bad of [-1, count, 1.5]) assert.throws(() => rows.row(bad), RangeError);
});

it('gives the same rows as read-table.ts from each engine\'s pages', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    await db.knex('monsters').insert(Array.from({ length: 9 }, (_, i) => trackingRow('monsters', `h${i % 3}`, { pokemon_id: i, profile_no: 1 + (i % 2), template: i % 2 ? null : `t${i}` })));
    await db.knex.schema.createTable('odd_rules', (table) => {
      table.increments('uid');
      table.string('id', 64).notNullable();
      table.integer('profile_no').nullable();
      table.text('note').nullable();
      table.bigInteger('big').notNullable();
      table.boolean('flag').nullable();
      table.double('ratio').notNullable();
    });
    const odd = [
      { id: 'a', profile_no: null, note: 'ünïcödé', big: 2 ** 40, flag: true, ratio: 0.1 + 0.2 },
      { id: 'b', profile_no: 2, note: null, big: -5, flag: null, ratio: -1.25 },
    ];
    await db.knex('odd_rules').insert(odd);
    for (const table of ['monsters', 'odd_rules']) {
      let packed: PackedRows | null = null;
      await readTableValuePages(
        db.knex,
        table,
        (page) => {
          packed ??= new PackedRows(page.layout);
          for (const values of page.rows) packed.push(values, String(values[page.layout.columns.indexOf('id')]));
        },
        4,
      );
      const expected = await readTable(db.knex, table);
      const rows = packed as PackedRows | null;
      assert.equal(rows?.length, expected.length, table);
      expected.forEach((row, i) => assert.deepEqual(rows!.row(i), row, `${table} row ${i} on ${db.engine}`));
    }
  });
});
