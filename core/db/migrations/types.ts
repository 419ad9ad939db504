/**
 * The shape of one numbered migration. Every migration after 1 must tolerate what already exists
 * (adopted databases may have it), and all run unchanged on MySQL/MariaDB and SQLite.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';

export interface Migration {
  /** golang-migrate style version, recorded in schema_migrations */
  readonly version: number;
  readonly name: string;
  /** `log` is for reporting what changed in existing rows (the runner logs start and end) */
  up(knex: Knex, dialect: Dialect, log: DbLog): Promise<void>;
}
