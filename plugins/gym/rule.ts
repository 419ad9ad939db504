/**
 * A `gym` row, read once per snapshot into typed filters: team (0–3, 4 = any), slot_changes, battle_changes,
 * gym_id (NULL = any gym; a specific gym skips distance and areas), plus the rule modes and delivery columns.
 */
import type { Snapshot, TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const GYM_TABLE = 'gym';
/** the team value meaning "any team" */
export const ANY_TEAM = 4;

export interface GymRule {
  readonly uid: number;
  readonly humanId: string;
  readonly team: number;
  readonly slotChanges: boolean;
  readonly battleChanges: boolean;
  /** null = any gym */
  readonly gymId: string | null;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readGymRule(row: TrackingRow): GymRule {
  const gymId = textColumn(row, 'gym_id').trim();
  return {
    uid: row.uid,
    humanId: row.id,
    team: intColumn(row, 'team', ANY_TEAM),
    slotChanges: intColumn(row, 'slot_changes', 0) !== 0,
    battleChanges: intColumn(row, 'battle_changes', 0) !== 0,
    gymId: gymId === '' ? null : gymId,
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

/** The active gym rules of a snapshot (rebuilt once per snapshot). */
export interface GymIndex {
  readonly rules: readonly GymRule[];
}

export function buildGymIndex(snapshot: Snapshot): GymIndex {
  return { rules: snapshot.activeRules<GymRule>(GYM_TABLE) };
}
