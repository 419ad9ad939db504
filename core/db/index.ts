/**
 * The database layer's public surface: connection, start-up preparation, stores and raw table reads.
 */
export { checkReachable, createDb, describeDb, dialectOf, type DbClient, type DbOptions, type Dialect } from './connect.ts';
export { prepareDatabase, runMigrations, type MigrationRun, type PrepareResult } from './migrate.ts';
export { prepareWhenReachable, StartCancelledError, type RetryOptions } from './prepare-with-retry.ts';
export { silentDbLog, type DbLog } from './log.ts';
export { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations/index.ts';
export { readVersion, type SchemaVersion } from './schema-version.ts';
export { runPluginMigrations } from './plugin-migrations/run.ts';
export { PluginMigrationError, type PluginMigrationProblem } from './plugin-migrations/error.ts';
export type { AppliedPluginMigration, PluginMigration, PluginMigrationContext, PluginMigrationSource } from './plugin-migrations/types.ts';
export { readTable, readTablePages, readTableValuePages, type TableLayout, type ValuePage } from './read-table.ts';
export { HUMAN_OWNED_TABLES, OVERRIDE_TABLES, SERVICE_TABLES, TRACKING_TABLES, type TrackingTable } from './tables.ts';
export { HumanStore, type HumanFilter, type HumanPatch, type HumanSettings, type NewHuman } from './stores/humans.ts';
export { ProfileStore, type NewProfile, type ProfilePatch } from './stores/profiles.ts';
export { LocationStore, type LocationPatch, type NewLocation } from './stores/locations.ts';
export { KnexRuleStore } from './stores/rules.ts';
