/**
 * A `maxbattle` row, read once per snapshot into typed filters, and the index of the active rules. Sentinels:
 * pokemon_id 9000 = by level (then level 90 = every level), form 0 = any, move 9000 = any, evolution 9000 =
 * any, gmax 0 = any battle (1 = Gigantamax only), station_id NULL/'' = any station.
 */
import type { Snapshot, TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const MAXBATTLE_TABLE = 'maxbattle';
/** pokemon_id, level, move and evolution: any */
export const ANY = 9000;
/** level: every level */
export const ALL_LEVELS = 90;

export interface MaxBattleRule {
  readonly uid: number;
  readonly humanId: string;
  readonly pokemonId: number;
  readonly form: number;
  readonly level: number;
  readonly gmax: boolean;
  readonly move: number;
  readonly evolution: number;
  /** null = any station */
  readonly stationId: string | null;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readMaxBattleRule(row: TrackingRow): MaxBattleRule {
  const station = textColumn(row, 'station_id').trim();
  return {
    uid: row.uid,
    humanId: row.id,
    pokemonId: intColumn(row, 'pokemon_id', ANY),
    form: intColumn(row, 'form', 0),
    level: intColumn(row, 'level', ANY),
    gmax: intColumn(row, 'gmax', 0) === 1,
    move: intColumn(row, 'move', ANY),
    evolution: intColumn(row, 'evolution', ANY),
    stationId: station === '' ? null : station,
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

export interface MaxBattleIndex {
  readonly rules: readonly MaxBattleRule[];
}

export function buildMaxBattleIndex(snapshot: Snapshot): MaxBattleIndex {
  return { rules: snapshot.activeRules<MaxBattleRule>(MAXBATTLE_TABLE) };
}
