/**
 * PoracleNG databases on both engines: one at version 3 continues with 4, 6, 7, 8, 9; what a PoracleNG (or a
 * later PoracleJS) database already has is tolerated and kept; one already at 9 is left untouched.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { hasIndex } from '../../../core/db/migrations/helpers.ts';
import { readTable } from '../../../core/db/read-table.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { LocationStore } from '../../../core/db/stores/locations.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';
import { assertLatestSchema, captureDbLog, migrateTo } from './support.ts';

const HUMAN = { id: 'h1', type: 'discord:user', name: 'Ünï', area: '["a"]', community_membership: '[]' };
const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz';

/** Rows of the table restricted to the columns `before` had (columns added since are left out). */
async function rowsLike(knex: Knex, table: string, before: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const keys = Object.keys(before[0] ?? {});
  return (await readTable(knex, table)).map((row) => Object.fromEntries(keys.map((k) => [k, row[k]])));
}

/** user_locations as PoracleNG's 000004 creates it: id varchar(50), the table's default (folding) collation. */
async function createNgUserLocations(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_locations', (t) => {
    t.increments('uid');
    t.string('id', 50).notNullable();
    t.string('label', 64).notNullable();
    t.float('latitude', 14, 10).notNullable();
    t.float('longitude', 14, 10).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['id', 'label'], { indexName: 'uniq_id_label' });
  });
}

it('continues a PoracleNG database at version 3 with 4, 6, 7, 8, 9 without touching its rows', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 3);
    await db.knex('humans').insert(HUMAN);
    await db.knex('raid').insert(trackingRow('raid', 'h1', { rsvp_changes: 1, template: '1' }));
    await db.knex('invasion').insert(trackingRow('invasion', 'h1'));
    const raid = await readTable(db.knex, 'raid');
    const invasion = await readTable(db.knex, 'invasion');
    const result = await prepareDatabase(db.knex, captureDbLog());
    assert.equal(result.adoption, 'managed');
    assert.deepEqual(result.applied, [4, 6, 7, 8, 9]);
    assert.deepEqual(result.repairs, []);
    assert.deepEqual(await readVersion(db.knex), { version: 9, dirty: false });
    await assertLatestSchema(db.knex);
    assert.deepEqual(await rowsLike(db.knex, 'raid', raid), raid);
    assert.deepEqual(await rowsLike(db.knex, 'invasion', invasion), invasion);
    const [row] = await readTable(db.knex, 'raid');
    assert.deepEqual([row?.costume, row?.override_location_label, row?.override_areas], [9000, null, null]);
    assert.equal((await db.knex('humans').first())?.name, 'Ünï');
    await db.knex('invasion').insert(trackingRow('invasion', 'h1'));
    assert.equal((await readTable(db.knex, 'invasion')).length, 2, 'identical rules allowed once invasion_tracking is gone');
  });
});

it('tolerates what a database already has: PoracleNG user_locations, some override/costume columns, dropped keys', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 3);
    await createNgUserLocations(db.knex);
    await db.knex.schema.alterTable('monsters', (tb) => {
      tb.text('override_areas').nullable();
      tb.integer('costume').notNullable().defaultTo(9000);
    });
    await db.knex.raw(db.engine === 'mysql' ? 'ALTER TABLE lures DROP INDEX lure_tracking' : 'DROP INDEX lure_tracking');
    const result = await prepareDatabase(db.knex, captureDbLog());
    assert.deepEqual(result.applied, [4, 6, 7, 8, 9]);
    await assertLatestSchema(db.knex);
    assert.equal(Number((await db.knex('user_locations').columnInfo('id')).maxLength), 50, 'PoracleNG table kept');
    assert.ok(!(await hasIndex(db.knex, db.engine, 'invasion', 'invasion_tracking')));
  });
});

it('LocationStore on a PoracleNG user_locations table: exact labels, too-long ids refused on MySQL', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 3);
    await createNgUserLocations(db.knex);
    await prepareDatabase(db.knex, captureDbLog());
    const store = new LocationStore(db.knex);
    await store.create({ humanId: 'h1', label: 'Home', latitude: 1, longitude: 2 });
    assert.equal(await store.get('h1', 'home'), null, 'exact match even where the collation folds case');
    assert.equal(await store.delete('h1', 'HOME'), false);
    const isCode = (code: string) => (err: unknown) => isLookoutError(err) && err.code === code;
    if (db.engine === 'mysql') {
      await assert.rejects(store.create({ humanId: 'h1', label: 'home', latitude: 0, longitude: 0 }), isCode('CONFLICT'));
      await assert.rejects(store.create({ humanId: WEBHOOK, label: 'x', latitude: 0, longitude: 0 }), isCode('BAD_REQUEST'));
    }
    assert.equal((await store.get('h1', 'Home'))?.latitude, 1);
  });
});

it('leaves a PoracleNG database already at version 9 untouched', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db.knex, 9);
    // a state migration 9 would change if it ran again
    await db.knex('humans').insert({ ...HUMAN, current_profile_no: 0 });
    await db.knex('monsters').insert(trackingRow('monsters', 'h1', { profile_no: 0 }));
    const monsters = await readTable(db.knex, 'monsters');
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.deepEqual([result.adoption, result.from, result.to, result.applied, result.repairs], ['managed', 9, 9, [], []]);
    assert.deepEqual(log.entries, []);
    assert.deepEqual(await readTable(db.knex, 'monsters'), monsters);
    assert.equal((await db.knex('humans').first())?.current_profile_no, 0);
    assert.equal(await db.knex('profiles').count({ n: '*' }).first().then((r) => Number(r?.n)), 0);
  });
});
