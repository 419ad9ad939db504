/**
 * Version 3 (= PoracleNG 000003): `summary_schedules`, when buffered quest alerts are flushed. No FK.
 */
import { createTableIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

export const summarySchedules: Migration = {
  version: 3,
  name: 'summary_schedules',
  async up(knex, dialect) {
    await createTableIfMissing(knex, dialect, 'summary_schedules', (t) => {
      t.string('id', 64).notNullable();
      t.string('alert_type', 32).notNullable();
      t.string('active_hours', 4096).notNullable().defaultTo('[]');
      t.primary(['id', 'alert_type']);
    });
  },
};
