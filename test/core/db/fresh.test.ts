/**
 * A fresh database on both engines: every migration (PoracleNG's versions 1–4, 6–9) runs, no repair is needed.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { LATEST_VERSION } from '../../../core/db/migrations/index.ts';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { silentDbLog } from '../../../core/db/log.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { assertLatestSchema, captureDbLog } from './support.ts';

await forEachDatabase('fresh database', (db) => {
  it('creates every table and records version 9, not dirty', async () => {
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'empty');
    assert.deepEqual(result.applied, [1, 2, 3, 4, 6, 7, 8, 9]);
    assert.deepEqual(result.repairs, []);
    assert.equal(LATEST_VERSION, 9);
    await assertLatestSchema(db.knex);
    assert.ok(await db.knex.schema.hasColumn('raid', 'rsvp_changes'));
    assert.ok(await db.knex.schema.hasColumn('egg', 'rsvp_changes'));
    assert.deepEqual(await readVersion(db.knex), { version: 9, dirty: false });
    assert.equal(await db.knex('schema_migrations').count({ n: '*' }).first().then((r) => Number(r?.n)), 1);
    assert.ok(!(await db.knex.schema.hasTable('migrations')), 'no knex bookkeeping table is created');
    assert.ok(!(await db.knex.schema.hasTable('named_locations')), 'locations live in user_locations');
    assert.deepEqual(log.warnings(), []);
  });

  it('gives user_locations a 255-character id and 64-character label, new columns their defaults', async () => {
    assert.equal(Number((await db.knex('user_locations').columnInfo('id')).maxLength), 255);
    assert.equal(Number((await db.knex('user_locations').columnInfo('label')).maxLength), 64);
    const costume = await db.knex('monsters').columnInfo('costume');
    assert.equal(costume.nullable, false);
    assert.match(String(costume.defaultValue), /^'?9000'?$/);
    assert.equal((await db.knex('gym').columnInfo('override_areas')).nullable, true);
  });

  it('running prepare again is a no-op', async () => {
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'managed');
    assert.deepEqual(result.applied, []);
    assert.deepEqual(result.repairs, []);
    assert.equal(result.from, LATEST_VERSION);
    assert.equal(result.to, LATEST_VERSION);
    assert.deepEqual(log.entries, []);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
  });

  it('is a silent no-op with the silent logger too', async () => {
    const result = await prepareDatabase(db.knex, silentDbLog);
    assert.deepEqual(result.applied, []);
  });
});
