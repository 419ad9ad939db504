/**
 * The `gym` table as the chat command sees it: the columns it writes and which of them identify a rule (team,
 * specific gym, slot and battle changes).
 */
import type { KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { GYM_TABLE } from '../rule.ts';
import { describeGymRule } from './describe.ts';

/** A rule as `gym` writes it: every column but `uid`, `id` and `profile_no`. */
export interface GymDraft {
  readonly [column: string]: string | number | null;
  readonly team: number;
  readonly slot_changes: number;
  readonly battle_changes: number;
  readonly gym_id: string | null;
  readonly distance: number;
  /** '' = the default template (the column is NOT NULL) */
  readonly template: string;
  readonly clean: number;
  readonly ping: string;
  readonly override_location_label: string | null;
  /** JSON array text of lower-case area names */
  readonly override_areas: string | null;
}

export const GYM_RULES: KeyedRuleTable = {
  table: GYM_TABLE,
  keyColumns: ['team', 'gym_id', 'slot_changes', 'battle_changes'],
  alertTypes: ['gym'],
  describe: describeGymRule,
};
