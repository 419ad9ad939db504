/**
 * The start-up sequence on both engines: continuing a PoracleNG database, adopting a knex database,
 * completing an older one, dirty versions, failing migrations and versions from the future.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createInitialTables } from '../../../core/db/migrations/001-initial-schema.ts';
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../../core/db/migrations/index.ts';
import { prepareDatabase, runMigrations } from '../../../core/db/migrate.ts';
import { readTable } from '../../../core/db/read-table.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase, openTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { captureDbLog } from './support.ts';

const HUMAN = { id: 'h1', type: 'discord:user', name: 'Ünï', area: '["a"]', community_membership: '[]' };
const RAID = { id: 'h1', ping: '', pokemon_id: 9000, distance: 0, team: 4, level: 5, form: 0, template: '1' };

function rejectsWith(code: string, pattern: RegExp) {
  return (err: unknown): boolean => {
    assert.ok(isLookoutError(err), String(err));
    assert.equal(err.code, code);
    assert.match(err.message, pattern);
    return true;
  };
}

async function migrateTo(db: TestDatabase, version: number): Promise<void> {
  await runMigrations(db.knex, captureDbLog(), MIGRATIONS.filter((m) => m.version <= version));
}

it('continues a PoracleNG database at version 3 without touching its rows', async (t) => {
  await forEachDatabase(t, async (db) => {
    await migrateTo(db, 3);
    await db.knex('humans').insert(HUMAN);
    await db.knex('raid').insert({ ...RAID, rsvp_changes: 1 });
    const before = await readTable(db.knex, 'raid');
    const result = await prepareDatabase(db.knex, captureDbLog());
    assert.equal(result.adoption, 'managed');
    assert.deepEqual(result.applied, [4, 5, 6]);
    assert.deepEqual(await readTable(db.knex, 'raid'), before);
    assert.equal((await db.knex('humans').first())?.name, 'Ünï');
  });
});

it('adopts a knex-created database (humans, no schema_migrations) at version 1', async (t) => {
  await forEachDatabase(t, async (db) => {
    await createInitialTables(db.knex, db.engine);
    await db.knex('humans').insert(HUMAN);
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'adopted');
    assert.deepEqual(result.applied, [2, 3, 4, 5, 6]);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
    assert.deepEqual(log.warnings(), []);
  });
});

it('creates the initial tables an older release lacked when adopting', async (t) => {
  await forEachDatabase(t, async (db) => {
    await createInitialTables(db.knex, db.engine);
    await db.knex.schema.dropTable('forts').dropTable('nests');
    const log = captureDbLog();
    await prepareDatabase(db.knex, log);
    assert.ok(await db.knex.schema.hasTable('forts'));
    const warning = log.entries.find((e) => e.level === 'warn');
    assert.deepEqual(warning?.obj, { created: ['nests', 'forts'] });
  });
});

it('stops on a dirty version with DB_DIRTY and tells the operator how to fix it', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    await db.knex('schema_migrations').update({ dirty: 1 });
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_DIRTY', /dirty at version 6 .*UPDATE schema_migrations SET dirty=0/s));
    await db.knex('schema_migrations').update({ dirty: 0 });
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).applied, []);
  });
});

it('leaves a failing migration dirty and names it (DB_MIGRATION_FAILED)', async (t) => {
  await forEachDatabase(t, async (db) => {
    const broken: Migration = { version: 7, name: 'broken_on_purpose', up: async (knex) => void (await knex.raw('select * from no_such_table')) };
    await assert.rejects(prepareDatabase(db.knex, captureDbLog(), [...MIGRATIONS, broken]), rejectsWith('DB_MIGRATION_FAILED', /migration 7 \(broken_on_purpose\) failed/));
    assert.deepEqual(await readVersion(db.knex), { version: 7, dirty: true });
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_DIRTY', /version 7 .*version=6, dirty=0/s));
    await db.knex('schema_migrations').update({ version: 6, dirty: 0 });
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).applied, []);
  });
});

it('warns and continues when the recorded version is newer than this release', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    await db.knex('schema_migrations').update({ version: 42 });
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.deepEqual(result.applied, []);
    assert.equal(log.warnings().length, 1);
    assert.deepEqual(await readVersion(db.knex), { version: 42, dirty: false });
    await db.knex.schema.dropTable('named_locations');
    const log2 = captureDbLog();
    await prepareDatabase(db.knex, log2);
    assert.deepEqual(log2.entries.find((e) => e.level === 'warn')?.obj, { version: 42, latest: LATEST_VERSION, missing: ['named_locations'] });
  });
});

it('refuses a migration list out of order', async (t) => {
  await forEachDatabase(t, async (db) => {
    const list = [MIGRATIONS[1]!, MIGRATIONS[0]!];
    await assert.rejects(runMigrations(db.knex, captureDbLog(), list), rejectsWith('INTERNAL', /out of order/));
  });
});

it('refuses to adopt a PoracleJS SQLite database (no uid columns)', async () => {
  const db = await openTestDatabase('sqlite');
  try {
    await db.knex.schema.createTable('humans', (tb) => tb.string('id').primary());
    await db.knex.schema.createTable('profiles', (tb) => tb.string('id'));
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_MIGRATION_FAILED', /no uid column/));
  } finally {
    await db.cleanup();
  }
});
