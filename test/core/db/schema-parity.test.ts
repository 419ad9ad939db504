/**
 * The schema our migrations create on MariaDB is the one an adopted PoracleJS 4.8.3 database ends up with
 * (migrations + repairs): same columns (order, type, nullability, default, extra), same unique keys and
 * indexes, for every service table.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { silentDbLog } from '../../../core/db/log.ts';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { SERVICE_TABLES } from '../../../core/db/tables.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { loadLegacyDump } from './legacy-dump.ts';
import { columnsOf, indexesOf } from './mysql-inspect.ts';
import { mariadbSuite } from './support.ts';

await mariadbSuite('schema parity with PoracleJS 4.8.3 (MariaDB)', () => {
  let fresh: TestDatabase;
  let adopted: TestDatabase;

  before(async () => {
    fresh = await openTestDatabase('mysql', { migrate: true });
    adopted = await openTestDatabase('mysql');
    await loadLegacyDump(adopted);
    await prepareDatabase(adopted.knex, silentDbLog);
  });
  after(async () => {
    await fresh?.cleanup();
    await adopted?.cleanup();
  });

  for (const table of SERVICE_TABLES) {
    it(`${table}: columns and keys match`, async () => {
      assert.deepEqual(await columnsOf(fresh.knex, table), await columnsOf(adopted.knex, table));
      assert.deepEqual(await indexesOf(fresh.knex, table), await indexesOf(adopted.knex, table));
    });
  }
});
