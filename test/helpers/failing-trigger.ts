/**
 * An injected database failure for transaction tests: a trigger that makes updates of a table fail (with the
 * message `injected failure`) when a condition on the new row holds, on either engine.
 */
import type { Knex } from 'knex';
import type { Engine } from './databases.ts';

/** Creates trigger `name` on `table`; `condition` is SQL over NEW (e.g. `NEW.id = 'x'`). Drop it with dropTrigger. */
export async function failUpdatesWhen(knex: Knex, engine: Engine, name: string, table: string, condition: string): Promise<void> {
  if (engine === 'sqlite') {
    await knex.raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} FOR EACH ROW WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
  } else {
    await knex.raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} FOR EACH ROW BEGIN IF ${condition} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected failure'; END IF; END`);
  }
}

export async function dropTrigger(knex: Knex, name: string): Promise<void> {
  await knex.raw(`DROP TRIGGER ${name}`);
}

/** Every row a human has in humans and profiles, as stored: to compare before and after a refused change. */
export async function humanRows(knex: Knex, id: string): Promise<unknown> {
  return { human: await knex('humans').where({ id }).first(), profiles: await knex('profiles').where({ id }).orderBy('profile_no') };
}
