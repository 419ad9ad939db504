/**
 * Every migration, in the order they run. Versions 1–3 are PoracleNG's, so a database it created continues
 * here; 4 onwards are ours. Append only: never renumber or edit a released migration.
 */
import { initialSchema } from './001-initial-schema.ts';
import { maxbattle } from './002-maxbattle.ts';
import { summarySchedules } from './003-summary-schedules.ts';
import { rsvpChangesColumns } from './004-rsvp-changes.ts';
import { namedLocations } from './005-named-locations.ts';
import { utf8mb4 } from './006-utf8mb4.ts';
import type { Migration } from './types.ts';

export type { Migration } from './types.ts';

export const MIGRATIONS: readonly Migration[] = Object.freeze([
  initialSchema,
  maxbattle,
  summarySchedules,
  rsvpChangesColumns,
  namedLocations,
  utf8mb4,
]);

export const LATEST_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
