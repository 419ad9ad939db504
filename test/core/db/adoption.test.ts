/**
 * Adopting a PoracleJS 4.8.3 database on MariaDB: version 1 recorded, migrations 2–9 applied, the start-up
 * repairs done (foreign keys dropped, rsvp_changes added, utf8mb3 converted), the knex bookkeeping left alone,
 * and every pre-existing row byte-identical.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { prepareDatabase, type PrepareResult } from '../../../core/db/migrate.ts';
import { LATEST_VERSION } from '../../../core/db/migrations/index.ts';
import { readVersion } from '../../../core/db/schema-version.ts';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { INITIAL_TABLES, LEGACY_FOREIGN_KEYS, SERVICE_TABLES, TRACKING_TABLES } from '../../../core/db/tables.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { assertUnchanged, snapshotDatabase, type DatabaseSnapshot } from './adoption-snapshot.ts';
import { loadLegacyDump } from './legacy-dump.ts';
import { LEGACY_IDS, seedLegacyRows } from './legacy-rows.ts';
import { charsets, foreignKeys, rawRows } from './mysql-inspect.ts';
import { assertLatestSchema, captureDbLog, mariadbSuite, type CapturedDbLog } from './support.ts';

const ADOPTED_APPLIED = [2, 3, 4, 6, 7, 8, 9];

await mariadbSuite('adopting PoracleJS 4.8.3 (MariaDB, utf8mb4 dump)', () => {
  let db: TestDatabase;
  let snapshot: DatabaseSnapshot;
  let result: PrepareResult;
  let log: CapturedDbLog;

  before(async () => {
    db = await openTestDatabase('mysql');
    await loadLegacyDump(db);
    await seedLegacyRows(db);
    assert.equal((await foreignKeys(db.knex)).length, LEGACY_FOREIGN_KEYS.length - 2, 'the dump has its 11 foreign keys');
    snapshot = await snapshotDatabase(db.knex);
    log = captureDbLog();
    result = await prepareDatabase(db.knex, log);
  });
  after(async () => db?.cleanup());

  it('records version 1 as applied, then migrates to the latest, not dirty', async () => {
    assert.equal(result.adoption, 'adopted');
    assert.equal(result.from, 1);
    assert.deepEqual(result.applied, ADOPTED_APPLIED);
    assert.deepEqual(await readVersion(db.knex), { version: LATEST_VERSION, dirty: false });
  });

  it('repairs: drops every foreign key and adds rsvp_changes, logging each at info', async () => {
    assert.equal(result.droppedForeignKeys.length, 11);
    assert.deepEqual(await foreignKeys(db.knex), []);
    const expected = [...result.droppedForeignKeys.map((fk) => `drop_foreign_key ${fk}`), 'add_column raid.rsvp_changes', 'add_column egg.rsvp_changes'];
    assert.deepEqual(result.repairs, expected);
    assert.equal(log.entries.filter((e) => e.level === 'info' && e.msg.startsWith('start-up repair:')).length, expected.length);
    for (const table of ['raid', 'egg']) assert.deepEqual(await rawRows(db.knex, `SELECT DISTINCT rsvp_changes r FROM ${table}`), [{ r: 0 }]);
  });

  it('has the version 9 schema: maxbattle, summary_schedules, user_locations, overrides, costumes, no tracking keys', async () => {
    await assertLatestSchema(db.knex);
    assert.deepEqual(await rawRows(db.knex, 'SELECT DISTINCT costume c, override_areas a FROM monsters'), [{ c: 9000, a: null }]);
  });

  it('leaves the knex migrations tables alone', async () => {
    const [count] = await rawRows(db.knex, 'SELECT COUNT(*) n FROM migrations');
    assert.equal(Number(count?.n), 29);
  });

  it('keeps every pre-existing row byte-identical', async () => {
    await assertUnchanged(db.knex, snapshot);
  });

  it('does not rebuild tables that are already utf8mb4', async () => {
    const [t] = await rawRows(db.knex, "SELECT TABLE_COLLATION c FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'humans'");
    assert.equal(t?.c, 'utf8mb4_general_ci');
  });

  it('reads the legacy rows through the store, and a second start is a no-op', async () => {
    const humans = new HumanStore(db.knex);
    const user = await humans.get(LEGACY_IDS.user);
    assert.equal(user?.name, 'Zoë Café – Ünïcödé ☕');
    assert.deepEqual(user?.area, ['london', 'île de france']);
    assert.deepEqual((await humans.get(LEGACY_IDS.webhook))?.area, [], 'bad JSON reads as []');
    const again = await prepareDatabase(db.knex, captureDbLog());
    assert.equal(again.adoption, 'managed');
    assert.deepEqual(again.applied, []);
    assert.deepEqual(again.repairs, []);
    await assertUnchanged(db.knex, snapshot);
  });

  it('deletes a human with all its rows once the cascade is gone', async () => {
    assert.equal(await new HumanStore(db.knex).delete(LEGACY_IDS.group), true);
    for (const table of [...TRACKING_TABLES, 'profiles']) {
      const [row] = await rawRows(db.knex, `SELECT COUNT(*) n FROM \`${table}\` WHERE id = ?`, [LEGACY_IDS.group]);
      assert.equal(Number(row?.n), 0, table);
    }
  });
});

await mariadbSuite('adopting a utf8mb3 PoracleJS database (MariaDB)', () => {
  let db: TestDatabase;
  let snapshot: DatabaseSnapshot;
  const compactTables = ['humans', 'profiles', 'invasion', 'weather'];
  const emojiHuman = { id: 'emoji-1', type: 'discord:user', name: 'Pika ⚡🦄', area: '[]', community_membership: '[]' };

  before(async () => {
    db = await openTestDatabase('mysql', { charset: 'utf8mb3' });
    await loadLegacyDump(db, { utf8mb3: true, compactTables });
    await seedLegacyRows(db);
    snapshot = await snapshotDatabase(db.knex);
  });
  after(async () => db?.cleanup());

  it('refuses an emoji before adoption (ER_TRUNCATED_WRONG_VALUE_FOR_FIELD)', async () => {
    assert.deepEqual(await charsets(db.knex, 'humans'), ['utf8mb3', 'id:utf8mb3', 'type:utf8mb3', 'name:utf8mb3', 'area:utf8mb3',
      'language:utf8mb3', 'community_membership:utf8mb3', 'area_restriction:utf8mb3', 'notes:utf8mb3', 'blocked_alerts:utf8mb3']);
    await db.knex.transaction(async (trx) => {
      await trx.raw("SET SESSION sql_mode = 'STRICT_ALL_TABLES'");
      await assert.rejects(trx('humans').insert(emojiHuman), (err: { code?: string; errno?: number }) => {
        assert.equal(err.code, 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD');
        assert.equal(err.errno, 1366);
        return true;
      });
    });
  });

  it('converts every service table to utf8mb4 (a repair) and keeps every row byte-identical', async () => {
    const result = await prepareDatabase(db.knex, captureDbLog());
    assert.deepEqual(result.applied, ADOPTED_APPLIED);
    const converted = result.repairs.filter((r) => r.startsWith('utf8mb4 ')).sort();
    assert.deepEqual(converted, ['database', ...INITIAL_TABLES].map((t) => `utf8mb4 ${t}`).sort());
    for (const table of SERVICE_TABLES) {
      const sets = await charsets(db.knex, table);
      assert.ok(sets.every((s) => s === 'utf8mb4' || s.endsWith(':utf8mb4')), `${table}: ${sets.join(' ')}`);
    }
    await assertLatestSchema(db.knex);
    assert.equal((await charsets(db.knex, 'migrations'))[0], 'utf8mb3', 'knex bookkeeping untouched');
    const [schema] = await rawRows(db.knex, 'SELECT DEFAULT_CHARACTER_SET_NAME c FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()');
    assert.equal(schema?.c, 'utf8mb4');
    await assertUnchanged(db.knex, snapshot);
    assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).repairs, [], 'cheap no-op on the next start');
  });

  it('stores an emoji after adoption', async () => {
    await db.knex('humans').insert(emojiHuman);
    assert.equal((await new HumanStore(db.knex).get('emoji-1'))?.name, 'Pika ⚡🦄');
    await db.knex('monsters').where({ id: LEGACY_IDS.user }).update({ ping: '🔔 <@1>' });
    const [row] = await rawRows(db.knex, 'SELECT ping FROM monsters WHERE id = ? LIMIT 1', [LEGACY_IDS.user]);
    assert.equal(row?.ping, '🔔 <@1>');
  });
});
