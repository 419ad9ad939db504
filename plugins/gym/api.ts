/**
 * The `gym` table in the HTTP API (type `gym`): `team` is required, 0–3 (the teams the `gym` command knows) or
 * 4 (any team), else "Invalid team"; `slot_changes` and `battle_changes` 0 (flags; battle alerts also need
 * [tracking] enable_gym_battle, as for the command), `gym_id` null (any gym; '' counts as none). A POST may
 * change distance, template, clean, slot_changes or battle_changes in place.
 */
import type { ApiItem } from '../../core/tracking/api-item.ts';
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { TEAM_WORDS } from './commands/parse.ts';
import { ANY_TEAM } from './rule.ts';

const INVALID_TEAM = 'Invalid team';
/** every team value a rule may hold, ascending */
const TEAMS: readonly number[] = [...new Set([...TEAM_WORDS.values(), ANY_TEAM])].sort((a, b) => a - b);

function teamOf(item: ApiItem): number {
  if (!item.has('team')) item.refuse('team', INVALID_TEAM);
  return item.oneOf('team', TEAMS, ANY_TEAM, `one of ${TEAMS.join(', ')} (${ANY_TEAM} = any team) (${INVALID_TEAM})`);
}

export const gymApi: TrackingApiSpec = {
  type: 'gym',
  updatable: ['distance', 'template', 'clean', 'slot_changes', 'battle_changes'],
  draft: (item) => [
    {
      team: teamOf(item),
      slot_changes: item.flag('slot_changes'),
      battle_changes: item.flag('battle_changes'),
      gym_id: item.text('gym_id', null)?.trim() || null,
    },
  ],
};
