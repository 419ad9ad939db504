/**
 * Every migration, in the order they run. The versions and effects are PoracleNG's (golang-migrate
 * 000001–000009; there is no 000005), so a database either generation migrated continues in the other.
 * Append only, and only in step with PoracleNG: never renumber or edit a released migration. Anything that is
 * ours alone is a start-up repair (../repairs/), never a numbered migration.
 */
import { initialSchema } from './001-initial-schema.ts';
import { maxbattle } from './002-maxbattle.ts';
import { summarySchedules } from './003-summary-schedules.ts';
import { perRuleOverrides } from './004-per-rule-overrides.ts';
import { monsterCostume } from './006-monster-costume.ts';
import { raidCostume } from './007-raid-costume.ts';
import { dropTrackingUniqueKeys } from './008-drop-tracking-unique-keys.ts';
import { profileZeroToOne } from './009-profile-zero-to-one.ts';
import type { Migration } from './types.ts';

export type { Migration } from './types.ts';

export const MIGRATIONS: readonly Migration[] = Object.freeze([
  initialSchema,
  maxbattle,
  summarySchedules,
  perRuleOverrides,
  monsterCostume,
  raidCostume,
  dropTrackingUniqueKeys,
  profileZeroToOne,
]);

export const LATEST_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
