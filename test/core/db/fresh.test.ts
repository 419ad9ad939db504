import assert from 'node:assert/strict';
import { it } from 'node:test';
import { LATEST_VERSION } from '../../../core/db/migrations/index.ts';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { SERVICE_TABLES } from '../../../core/db/tables.ts';
import { silentDbLog } from '../../../core/db/log.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureDbLog } from './support.ts';

await forEachDatabase('fresh database', (db) => {
  it('creates every table and records the latest version, not dirty', async () => {
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'empty');
    assert.deepEqual(result.applied, [1, 2, 3, 4, 5, 6]);
    for (const table of [...SERVICE_TABLES, 'schema_migrations']) {
      assert.ok(await db.knex.schema.hasTable(table), `${table} exists`);
    }
    assert.ok(await db.knex.schema.hasColumn('raid', 'rsvp_changes'));
    assert.ok(await db.knex.schema.hasColumn('egg', 'rsvp_changes'));
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
    assert.equal(await db.knex('schema_migrations').count({ n: '*' }).first().then((r) => Number(r?.n)), 1);
    assert.ok(!(await db.knex.schema.hasTable('migrations')), 'no knex bookkeeping table is created');
  });

  it('running prepare again is a no-op', async () => {
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'managed');
    assert.deepEqual(result.applied, []);
    assert.equal(result.from, LATEST_VERSION);
    assert.equal(result.to, LATEST_VERSION);
    assert.deepEqual(log.warnings(), []);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
  });

  it('is a silent no-op with the silent logger too', async () => {
    const result = await prepareDatabase(db.knex, silentDbLog);
    assert.deepEqual(result.applied, []);
  });
});
