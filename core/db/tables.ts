/**
 * Table names of the schema (PoracleJS's and PoracleNG's) and the lists several modules share.
 */

/** Tables holding tracking rules (`uid`, `id` = humans.id, `profile_no`, …), in the order rows are deleted. */
export const TRACKING_TABLES = [
  'monsters',
  'raid',
  'egg',
  'quest',
  'invasion',
  'weather',
  'lures',
  'gym',
  'nests',
  'maxbattle',
  'forts',
] as const;

export type TrackingTable = (typeof TRACKING_TABLES)[number];

/** Every table keyed by a human id that must go when the human goes (the previous generation relied on FK cascade). */
export const HUMAN_OWNED_TABLES = [...TRACKING_TABLES, 'profiles', 'summary_schedules', 'user_locations'] as const;

/** Tracking tables carrying the per-rule overrides `override_location_label` / `override_areas` (version 4; not weather). */
export const OVERRIDE_TABLES = ['monsters', 'raid', 'egg', 'quest', 'invasion', 'lures', 'nests', 'gym', 'forts', 'maxbattle'] as const;

/** The 12 tables of the initial schema (version 1). */
export const INITIAL_TABLES = [
  'humans',
  'profiles',
  'monsters',
  'raid',
  'egg',
  'quest',
  'invasion',
  'lures',
  'nests',
  'gym',
  'forts',
  'weather',
] as const;

/** Every table the service owns (excludes the knex bookkeeping tables `migrations` / `migrations_lock`). */
export const SERVICE_TABLES = [...INITIAL_TABLES, 'maxbattle', 'summary_schedules', 'user_locations'] as const;

/** Columns this release relies on beyond the tables themselves, as [table, column]. */
export const REQUIRED_COLUMNS: readonly (readonly [string, string])[] = [
  ['raid', 'rsvp_changes'],
  ['egg', 'rsvp_changes'],
  ...OVERRIDE_TABLES.flatMap((t) => [[t, 'override_location_label'], [t, 'override_areas']] as const),
  ['monsters', 'costume'],
  ['raid', 'costume'],
];

/** The previous generation's foreign keys to humans.id, as [table, constraint]; dropped on every start. */
export const LEGACY_FOREIGN_KEYS: readonly (readonly [string, string])[] = [
  ['profiles', 'profiles_id_foreign'],
  ['monsters', 'monsters_id_foreign'],
  ['raid', 'raid_id_foreign'],
  ['egg', 'egg_id_foreign'],
  ['quest', 'quest_id_foreign'],
  ['invasion', 'invasion_id_foreign'],
  ['lures', 'lures_id_foreign'],
  ['nests', 'nests_id_foreign'],
  ['gym', 'gym_id_foreign'],
  ['forts', 'forts_id_foreign'],
  ['weather', 'weather_id_foreign'],
  ['maxbattle', 'maxbattle_id_foreign'],
  // an early PoracleNG 000003 created summary_schedules with this cascade
  ['summary_schedules', 'fk_summary_schedules_human'],
];

export const VERSION_TABLE = 'schema_migrations';

/** The ledger of plugin migrations (plugin-migrations/ledger.ts); created on demand, not one of SERVICE_TABLES. */
export const PLUGIN_LEDGER_TABLE = 'plugin_migrations';
