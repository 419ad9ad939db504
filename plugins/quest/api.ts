/**
 * The `quest` table in the HTTP API (type `quest`): `reward_type` is required and must be a reward type the
 * plugin tracks — the previous generations' five (2 item, 3 stardust, 4 candy, 7 pokemon, 12 mega energy) plus
 * those the `quest` command also writes and the matcher gives a meaning (1 XP, 8 PokéCoins, 9 XL candy,
 * 11 stickers); anything else → "Unrecognised reward_type value". `reward` (item / pokemon id, or the minimum
 * stardust), `form`, `amount` default to 0 (any), `shiny` to 0.
 */
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { EVERYTHING_TYPES } from './commands/parse.ts';
import { REWARD } from './event.ts';

/** Every reward type a rule may name, ascending. */
export const API_REWARD_TYPES: readonly number[] = [...EVERYTHING_TYPES, REWARD.experience, REWARD.pokecoin, REWARD.xlCandy, REWARD.sticker].sort((a, b) => a - b);

const UNRECOGNISED = 'Unrecognised reward_type value';

export const questApi: TrackingApiSpec = {
  type: 'quest',
  draft(item) {
    if (!item.has('reward_type')) item.refuse('reward_type', UNRECOGNISED);
    return [
      {
        reward_type: item.oneOf('reward_type', API_REWARD_TYPES, REWARD.unset, `one of ${API_REWARD_TYPES.join(', ')} (${UNRECOGNISED})`),
        reward: item.int('reward', 0, { min: 0 }),
        form: item.int('form', 0, { min: 0 }),
        amount: item.int('amount', 0, { min: 0 }),
        shiny: item.flag('shiny'),
      },
    ];
  },
};
