/**
 * `raid` and `egg` rows, read once per snapshot into typed rules. Sentinels (db-schema): raid pokemon_id 9000 =
 * by level, level 90 = every level, team 4 = any team, move / evolution / costume 9000 = any, form 0 = any
 * form, exclusive 1 = EX-eligible gyms only, gym_id NULL = any gym, rsvp_changes 0 first alert only / 1 also
 * on RSVP changes / 2 only when RSVPs are present.
 */
import type { TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const RAID_TABLE = 'raid';
export const EGG_TABLE = 'egg';

/** the "any" value of raid.pokemon_id, move, evolution and costume */
export const ANY = 9000;
/** team = any team */
export const ANY_TEAM = 4;

/** What raid and egg rules share. */
export interface GymRule {
  readonly uid: number;
  readonly humanId: string;
  readonly level: number;
  readonly team: number;
  readonly exclusive: boolean;
  /** a specific gym (bypasses distance and areas), or null for any gym */
  readonly gymId: string | null;
  readonly rsvpChanges: number;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export interface RaidRule extends GymRule {
  /** ANY = by level */
  readonly pokemonId: number;
  readonly form: number;
  readonly move: number;
  readonly evolution: number;
  readonly costume: number;
}

export type EggRule = GymRule;

function gymRule(row: TrackingRow): GymRule {
  const gym = textColumn(row, 'gym_id').trim();
  return {
    uid: row.uid,
    humanId: row.id,
    level: intColumn(row, 'level', 0),
    team: intColumn(row, 'team', ANY_TEAM),
    exclusive: intColumn(row, 'exclusive', 0) === 1,
    gymId: gym === '' ? null : gym,
    rsvpChanges: intColumn(row, 'rsvp_changes', 0),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

export function readRaidRule(row: TrackingRow): RaidRule {
  return {
    ...gymRule(row),
    pokemonId: intColumn(row, 'pokemon_id', ANY),
    form: intColumn(row, 'form', 0),
    move: intColumn(row, 'move', ANY),
    evolution: intColumn(row, 'evolution', ANY),
    costume: intColumn(row, 'costume', ANY),
  };
}

export function readEggRule(row: TrackingRow): EggRule {
  return gymRule(row);
}
