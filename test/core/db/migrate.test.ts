/**
 * The start-up sequence on both engines: adopting a knex database, completing an older one, the rsvp_changes
 * repair, dirty versions, failing migrations and versions from the future. (PoracleNG databases:
 * ng-continuation.test.ts.)
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createInitialTables } from '../../../core/db/migrations/001-initial-schema.ts';
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../../core/db/migrations/index.ts';
import { prepareDatabase, runMigrations } from '../../../core/db/migrate.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase, openTestDatabase } from '../../helpers/databases.ts';
import { assertLatestSchema, captureDbLog } from './support.ts';

const HUMAN = { id: 'h1', type: 'discord:user', name: 'Ünï', area: '["a"]', community_membership: '[]' };

function rejectsWith(code: string, pattern: RegExp) {
  return (err: unknown): boolean => {
    assert.ok(isLookoutError(err), String(err));
    assert.equal(err.code, code);
    assert.match(err.message, pattern);
    return true;
  };
}

it('adopts a knex-created database (humans, no schema_migrations) at version 1', async (t) => {
  await forEachDatabase(t, async (db) => {
    await createInitialTables(db.knex, db.engine);
    await db.knex('humans').insert(HUMAN);
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.equal(result.adoption, 'adopted');
    assert.deepEqual(result.applied, [2, 3, 4, 6, 7, 8, 9]);
    assert.deepEqual(result.repairs, []);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
    assert.deepEqual(log.warnings(), []);
    await assertLatestSchema(db.knex);
  });
});

it('adds raid/egg rsvp_changes as a start-up repair, on adoption and on any later start', async (t) => {
  await forEachDatabase(t, async (db) => {
    await createInitialTables(db.knex, db.engine);
    for (const table of ['raid', 'egg']) await db.knex.schema.alterTable(table, (tb) => void tb.dropColumn('rsvp_changes'));
    const log = captureDbLog();
    const result = await prepareDatabase(db.knex, log);
    assert.deepEqual(result.repairs, ['add_column raid.rsvp_changes', 'add_column egg.rsvp_changes']);
    const infos = log.entries.filter((e) => e.msg === 'start-up repair: added missing column').map((e) => e.obj);
    assert.deepEqual(infos, [{ table: 'raid', column: 'rsvp_changes' }, { table: 'egg', column: 'rsvp_changes' }]);
    await db.knex.schema.alterTable('egg', (tb) => void tb.dropColumn('rsvp_changes'));
    const again = await prepareDatabase(db.knex, captureDbLog());
    assert.deepEqual([again.adoption, again.applied, again.repairs], ['managed', [], ['add_column egg.rsvp_changes']]);
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).repairs, []);
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
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_DIRTY', /dirty at version 9 \(profile_zero_to_one\).*UPDATE schema_migrations SET dirty=0.*SET version=8, dirty=0/s));
    await db.knex('schema_migrations').update({ dirty: 0 });
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).applied, []);
  });
});

it('rewinds a dirty version to the previous one that exists (no 5; none before 1)', async (t) => {
  await forEachDatabase(t, async (db) => {
    await prepareDatabase(db.knex, captureDbLog());
    await db.knex('schema_migrations').update({ version: 6, dirty: 1 });
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_DIRTY', /add_monster_costume.*SET version=4, dirty=0/s));
    await db.knex('schema_migrations').update({ version: 1 });
    await assert.rejects(prepareDatabase(db.knex, captureDbLog()), rejectsWith('DB_DIRTY', /"DELETE FROM schema_migrations"/));
  });
});

it('leaves a failing migration dirty and names it (DB_MIGRATION_FAILED)', async (t) => {
  await forEachDatabase(t, async (db) => {
    const broken: Migration = { version: 10, name: 'broken_on_purpose', up: async (knex) => void (await knex.raw('select * from no_such_table')) };
    await assert.rejects(prepareDatabase(db.knex, captureDbLog(), [...MIGRATIONS, broken]), rejectsWith('DB_MIGRATION_FAILED', /migration 10 \(broken_on_purpose\) failed/));
    assert.deepEqual(await readVersion(db.knex), { version: 10, dirty: true });
    await assert.rejects(prepareDatabase(db.knex, captureDbLog(), [...MIGRATIONS, broken]), rejectsWith('DB_DIRTY', /version 10 .*version=9, dirty=0/s));
    await db.knex('schema_migrations').update({ version: 9, dirty: 0 });
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
    await db.knex.schema.dropTable('user_locations');
    await db.knex.schema.alterTable('raid', (tb) => void tb.dropColumn('costume'));
    const log2 = captureDbLog();
    await prepareDatabase(db.knex, log2);
    const missing = ['user_locations', 'raid.costume'];
    assert.deepEqual(log2.entries.find((e) => e.level === 'warn')?.obj, { version: 42, latest: LATEST_VERSION, missing });
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
