/**
 * A `nests` row, read once per snapshot into typed filters: pokemon_id 0 = any nesting species, form 0 = any
 * form, min_spawn_avg = the least average spawns per hour; the rule modes through core/match.
 */
import type { Snapshot, TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const NESTS_TABLE = 'nests';

export interface NestRule {
  readonly uid: number;
  readonly humanId: string;
  readonly pokemonId: number;
  readonly form: number;
  readonly minSpawnAvg: number;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readNestRule(row: TrackingRow): NestRule {
  return {
    uid: row.uid,
    humanId: row.id,
    pokemonId: intColumn(row, 'pokemon_id', 0),
    form: intColumn(row, 'form', 0),
    minSpawnAvg: intColumn(row, 'min_spawn_avg', 0),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

/** The nest rule index: the active rules (enabled humans, current profile), read once per snapshot. */
export interface NestIndex {
  readonly rules: readonly NestRule[];
}

export function buildNestIndex(snapshot: Snapshot): NestIndex {
  return { rules: snapshot.activeRules<NestRule>(NESTS_TABLE) };
}
