/**
 * Bulk operations on tracking rules across every tracking table.
 */
import type { Knex } from 'knex';
import { TRACKING_TABLES } from '../tables.ts';

/**
 * Deletes a human's rules in every tracking table — only those of one profile when `profileNo` is given.
 * Returns the number of rows removed.
 */
export async function deleteRules(
  knex: Knex,
  humanId: string,
  profileNo?: number,
  tables: readonly string[] = TRACKING_TABLES,
): Promise<number> {
  return knex.transaction(async (trx) => {
    let removed = 0;
    for (const table of tables) {
      const query = trx(table).where({ id: humanId });
      if (profileNo !== undefined) query.andWhere({ profile_no: profileNo });
      removed += await query.delete();
    }
    return removed;
  });
}
