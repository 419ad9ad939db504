/**
 * An `invasion` row, read once per snapshot: grunt_type `everything` = any grunt or stop event, `boss` = any
 * boss, otherwise one lower-case grunt-type word; gender 0 = any.
 */
import type { TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const INVASION_TABLE = 'invasion';
export const ANY_GRUNT = 'everything';
export const ANY_BOSS = 'boss';

export interface InvasionRule {
  readonly uid: number;
  readonly humanId: string;
  readonly gruntType: string;
  readonly gender: number;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readInvasionRule(row: TrackingRow): InvasionRule {
  return {
    uid: row.uid,
    humanId: row.id,
    gruntType: textColumn(row, 'grunt_type').trim().toLowerCase() || ANY_GRUNT,
    gender: intColumn(row, 'gender', 0),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}
