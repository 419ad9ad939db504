/**
 * Start-up repair (MySQL only; SQLite databases never had them): drops the previous generation's foreign keys
 * to humans, each only when information_schema lists it. Their supporting `*_id_foreign` indexes stay.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';
import { LEGACY_FOREIGN_KEYS } from '../tables.ts';

/** Returns the dropped keys as `table.constraint`. A key that cannot be dropped is logged and left. */
export async function dropLegacyForeignKeys(knex: Knex, dialect: Dialect, log: DbLog): Promise<string[]> {
  if (dialect !== 'mysql') return [];
  const present: { table: string; name: string }[] = await knex('information_schema.TABLE_CONSTRAINTS')
    .select({ table: 'TABLE_NAME', name: 'CONSTRAINT_NAME' })
    .whereRaw('TABLE_SCHEMA = DATABASE()')
    .andWhere('CONSTRAINT_TYPE', 'FOREIGN KEY');
  const wanted = new Set(LEGACY_FOREIGN_KEYS.map(([table, name]) => `${table}.${name}`));
  const dropped: string[] = [];
  for (const fk of present.filter((p) => wanted.has(`${p.table}.${p.name}`))) {
    try {
      await knex.raw('ALTER TABLE ?? DROP FOREIGN KEY ??', [fk.table, fk.name]);
      dropped.push(`${fk.table}.${fk.name}`);
      log.info({ table: fk.table, constraint: fk.name }, 'start-up repair: dropped foreign key of the previous generation');
    } catch (err) {
      log.warn({ table: fk.table, constraint: fk.name, err: String(err) }, 'could not drop foreign key; deletes still work (rows are removed explicitly)');
    }
  }
  return dropped;
}
