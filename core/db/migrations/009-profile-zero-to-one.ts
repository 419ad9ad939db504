/**
 * Version 9 (= PoracleNG 000009 profile_zero_to_one): moves humans off profile 0 that have no real profile-0
 * row, in one transaction, on both engines:
 * 1. each such human on profile 0 gets a profile 1 row (name/area/location from humans) if it lacks one, and
 *    humans' area/location are copied into its profile 1 row;
 * 2. a human that switched away from 0 and already has profile-1 rules loses its (abandoned) profile-0 rules;
 * 3. every remaining profile-0 rule of an id without a real profile-0 row moves to profile 1 (one colliding
 *    with an identical profile-1 rule through a unique key is deleted instead);
 * 4. those humans' current_profile_no becomes 1.
 * Not reversible (PoracleNG's down migration is a no-op as well).
 */
import { dropProfileZeroRules, ensureProfileOne, moveProfileZeroRules, planProfileZero, switchToProfileOne, type ProfileZeroCounts } from './profile-zero.ts';
import type { Migration } from './types.ts';

export const profileZeroToOne: Migration = {
  version: 9,
  name: 'profile_zero_to_one',
  async up(knex, _dialect, log) {
    const counts = await knex.transaction(async (trx): Promise<ProfileZeroCounts> => {
      const plan = await planProfileZero(trx);
      const profilesCreated = await ensureProfileOne(trx, plan.onZero);
      const rulesDropped = await dropProfileZeroRules(trx, plan.abandoned);
      const { moved, duplicates } = await moveProfileZeroRules(trx, plan.moved);
      const humans = await switchToProfileOne(trx, plan.onZero);
      return { humans, profilesCreated, rulesDropped, rulesMoved: moved, duplicatesDropped: duplicates };
    });
    if (Object.values(counts).some((n) => n > 0)) log.info({ ...counts }, 'moved humans and rules off profile 0 to profile 1');
  },
};
