/**
 * Column shorthands for the schema definitions, matching the previous generation's knex types:
 * `integer` = int(11), `boolean` = tinyint(1), `string` = varchar(255), `increments` = int unsigned AI PK.
 */
import type { Knex } from 'knex';

type Table = Knex.CreateTableBuilder;

/** int NOT NULL, no default */
export function int(t: Table, ...names: string[]): void {
  for (const name of names) t.integer(name).notNullable();
}

/** int NOT NULL DEFAULT value */
export function intDefault(t: Table, name: string, value: number): void {
  t.integer(name).notNullable().defaultTo(value);
}

/** tinyint(1) NOT NULL DEFAULT value */
export function flag(t: Table, name: string, value: boolean): void {
  t.boolean(name).notNullable().defaultTo(value);
}

/** varchar(255) NOT NULL, no default */
export function str(t: Table, ...names: string[]): void {
  for (const name of names) t.string(name, 255).notNullable();
}

/** text NOT NULL (TEXT columns carry no default; writers always supply them) */
export function textRequired(t: Table, name: string): void {
  t.text(name).notNullable();
}

/** text NULL */
export function textNullable(t: Table, name: string): void {
  t.text(name).nullable();
}

/** `uid` int unsigned AUTO_INCREMENT PRIMARY KEY */
export function uid(t: Table): void {
  t.increments('uid');
}

/** `profile_no` int NOT NULL DEFAULT 1 */
export function profileNo(t: Table): void {
  intDefault(t, 'profile_no', 1);
}

/** `rsvp_changes` tinyint(8) NOT NULL DEFAULT 0 (raid, egg) */
export function rsvpChanges(t: Knex.TableBuilder): void {
  t.tinyint('rsvp_changes', 8).notNullable().defaultTo(0);
}

/** `costume` int NOT NULL DEFAULT 9000 (monsters, raid; 9000 = any costume) */
export function costume(t: Knex.TableBuilder): void {
  t.integer('costume').notNullable().defaultTo(9000);
}

/** The per-rule overrides: `override_location_label` varchar(64) NULL, `override_areas` text NULL */
export const OVERRIDE_COLUMNS: readonly (readonly [string, (t: Knex.AlterTableBuilder) => void])[] = [
  ['override_location_label', (t) => void t.string('override_location_label', 64).nullable()],
  ['override_areas', (t) => void t.text('override_areas').nullable()],
];
