/**
 * Adopting a database of a later PoracleJS release (raid/egg rsvp_changes and maxbattle already there, the
 * latter with its foreign key): the migrations and repairs tolerate what exists and keep it as it is;
 * maxbattle gets the override columns like every other tracking table but weather.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { prepareDatabase, type PrepareResult } from '../../../core/db/migrate.ts';
import { LATEST_VERSION } from '../../../core/db/migrations/index.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { assertUnchanged, snapshotDatabase, type DatabaseSnapshot } from './adoption-snapshot.ts';
import { loadLegacyDump } from './legacy-dump.ts';
import { LEGACY_IDS, seedLegacyRows } from './legacy-rows.ts';
import { columnsOf, foreignKeys, rawRows } from './mysql-inspect.ts';
import { assertLatestSchema, captureDbLog, mariadbSuite } from './support.ts';

await mariadbSuite('adopting a later PoracleJS (rsvp_changes + maxbattle present, MariaDB)', () => {
  let db: TestDatabase;
  let snapshot: DatabaseSnapshot;
  let result: PrepareResult;

  before(async () => {
    db = await openTestDatabase('mysql');
    await loadLegacyDump(db, { laterPoracleJs: true });
    await seedLegacyRows(db, true);
    snapshot = await snapshotDatabase(db.knex);
    result = await prepareDatabase(db.knex, captureDbLog());
  });
  after(async () => db?.cleanup());

  it('migrates to version 9 and drops all 12 foreign keys; rsvp_changes needs no repair', async () => {
    assert.deepEqual(result.applied, [2, 3, 4, 6, 7, 8, 9]);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
    assert.equal(result.droppedForeignKeys.length, 12);
    assert.ok(result.droppedForeignKeys.includes('maxbattle.maxbattle_id_foreign'));
    assert.deepEqual(result.repairs, result.droppedForeignKeys.map((fk) => `drop_foreign_key ${fk}`));
    assert.deepEqual(await foreignKeys(db.knex), []);
    await assertLatestSchema(db.knex);
  });

  it('keeps the existing maxbattle definition and rsvp_changes values', async () => {
    const columns = await columnsOf(db.knex, 'maxbattle');
    assert.equal(columns.find((c) => c.name === 'gmax')?.nullable, 'YES', 'PoracleJS definition kept');
    assert.equal(columns.find((c) => c.name === 'pokemon_id')?.defaultValue, null);
    const raid = await rawRows(db.knex, 'SELECT id, rsvp_changes r FROM raid ORDER BY uid');
    assert.deepEqual(raid.map((r) => r.r), [0, 2]);
  });

  it('keeps every row (rsvp_changes and maxbattle included) byte-identical, and the 32 knex migrations rows', async () => {
    await assertUnchanged(db.knex, snapshot);
    const [count] = await rawRows(db.knex, 'SELECT COUNT(*) n FROM migrations');
    assert.equal(Number(count?.n), 32);
  });

  it('deletes maxbattle rows with their human', async () => {
    await new HumanStore(db.knex).delete(LEGACY_IDS.channel);
    const [row] = await rawRows(db.knex, 'SELECT COUNT(*) n FROM maxbattle WHERE id = ?', [LEGACY_IDS.channel]);
    assert.equal(Number(row?.n), 0);
  });
});
