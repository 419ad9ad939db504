/**
 * The match hook, pure: which active monster rules an event satisfies, at most one alert per human.
 * Order of checks is cheapest first; the rule's reach (distance / saved location / areas) goes last because
 * it is the only check that computes a distance.
 */
import type { Human, Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { IN_AREA, ruleReaches, type ReachedOutcome } from '../../core/match/index.ts';
import { reachCandidates, type Candidates, type ReachPartition } from '../../core/match/reach-partition.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';
import type { EverythingGate, IndexedMonsterRule, MonsterIndex } from './rule-index.ts';
import type { PvpTrackFilter } from './pvp-view.ts';
import { MONSTERS_TABLE, type MonsterRule } from './rule.ts';

export interface MonsterMatchSettings {
  /** [general] alert_minimum_time, seconds */
  readonly alertMinimumTime: number;
  /** [pvp] evolution_direct_tracking: a rule for an evolution matches a wild pre-evolution ranked as it */
  readonly evolutionDirectTracking: boolean;
  /** [pvp] filter_by_track: keep each human's PVP filters on its match (`pvpFilters`) */
  readonly filterByTrack?: boolean;
}

/** A match with what the monster templates need to know about the rule. */
export interface MonsterMatch extends Match {
  /** some rule of this human that matched filters on PVP ranks */
  readonly userHasPvpTracks: boolean;
  /**
   * the worst rank the deciding rule asks for when it filters on PVP ranks, else 0 (`pvpUserRanking`); absent on
   * a match the matcher did not make (service-test)
   */
  readonly pvpUserRanking?: number;
  /** the deciding rule's distance in metres, 0 for a rule by areas (`userTrackDistance`); absent like pvpUserRanking */
  readonly trackDistance?: number;
  /** the PVP filters of every rule of this human that matched (`[pvp] filter_by_track`); absent when none */
  readonly pvpFilters?: readonly PvpTrackFilter[];
}

/** the PVP worst rank nobody narrows (the column's default) */
const ANY_RANK = 4096;

/** What the matcher computes once per event. */
export interface MonsterFacts {
  readonly secondsLeft: number | null;
  readonly rarity: number;
  /** ranks that rules may match on (already within the [pvp] filter bounds) */
  readonly ranks: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
}

function between(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}

/**
 * Why a rule does not pass its own filters for an event, as a number (PASS = it passes): the matcher only compares it
 * with PASS, the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  SPECIES: 1,
  FORM: 2,
  GENDER: 3,
  TIME_LEFT: 4,
  RARITY: 5,
  NO_ENCOUNTER: 6,
  IV: 7,
  CP: 8,
  LEVEL: 9,
  ATK: 10,
  DEF: 11,
  STA: 12,
  WEIGHT: 13,
  SIZE: 14,
  PVP: 15,
} as const;
export type MonsterMiss = (typeof MISS)[keyof typeof MISS];

function statsMiss(rule: MonsterRule, event: MonsterEvent): MonsterMiss {
  const s = event.stats;
  if (!s) return rule.needsEncounter ? MISS.NO_ENCOUNTER : MISS.PASS;
  if (!between(s.iv, rule.minIv, rule.maxIv)) return MISS.IV;
  if (!between(s.cp, rule.minCp, rule.maxCp)) return MISS.CP;
  if (!between(s.level, rule.minLevel, rule.maxLevel)) return MISS.LEVEL;
  if (!between(s.atk, rule.atk, rule.maxAtk)) return MISS.ATK;
  if (!between(s.def, rule.def, rule.maxDef)) return MISS.DEF;
  if (!between(s.sta, rule.sta, rule.maxSta)) return MISS.STA;
  if (!between(event.weight * 1000, rule.minWeight, rule.maxWeight)) return MISS.WEIGHT;
  if (!between(event.size, rule.size, rule.maxSize)) return MISS.SIZE;
  return MISS.PASS;
}

function capFits(rank: PvpRank, cap: number): boolean {
  return cap === 0 || rank.cap === 0 || rank.cap === cap || (rank.capped && cap >= rank.cap);
}

function pvpPass(rule: MonsterRule, event: MonsterEvent, facts: MonsterFacts, direct: boolean): boolean {
  if (rule.pvpLeague === 0) return true;
  const ranks = facts.ranks.get(rule.pvpLeague as LeagueCap);
  if (!ranks) return false;
  const bySpecies = rule.pokemonId === 0 || rule.pokemonId === event.pokemonId;
  return ranks.some(
    (r) =>
      between(r.rank, rule.pvpBest, rule.pvpWorst) &&
      r.cp >= rule.pvpMinCp &&
      capFits(r, rule.pvpCap) &&
      (bySpecies || (direct && r.pokemon === rule.pokemonId && (rule.form === 0 || rule.form === r.form))),
  );
}

function speciesMiss(rule: MonsterRule, event: MonsterEvent): MonsterMiss {
  if (rule.pokemonId === 0) return MISS.PASS;
  if (rule.pokemonId === event.pokemonId) return rule.form === 0 || rule.form === event.form ? MISS.PASS : MISS.FORM;
  return rule.pvpLeague !== 0 ? MISS.PASS : MISS.SPECIES; // a direct-tracking evolution rule; pvpPass decides
}

/** The first of the rule's own filters the event fails, PASS when none (reach and the human are checked apart). */
export function ruleMiss(rule: MonsterRule, event: MonsterEvent, facts: MonsterFacts, settings: MonsterMatchSettings): MonsterMiss {
  const species = speciesMiss(rule, event);
  if (species !== MISS.PASS) return species;
  if (rule.gender !== 0 && rule.gender !== event.gender) return MISS.GENDER;
  if (rule.minTime > 0 && (facts.secondsLeft === null || facts.secondsLeft < rule.minTime)) return MISS.TIME_LEFT;
  if (!between(facts.rarity, rule.rarity, rule.maxRarity)) return MISS.RARITY;
  const stats = statsMiss(rule, event);
  if (stats !== MISS.PASS) return stats;
  return pvpPass(rule, event, facts, settings.evolutionDirectTracking) ? MISS.PASS : MISS.PVP;
}

/** [general] alert_minimum_time: the event has too little time left for anyone */
export function tooLittleTime(facts: MonsterFacts, settings: MonsterMatchSettings): boolean {
  return facts.secondsLeft !== null && facts.secondsLeft < settings.alertMinimumTime;
}

/** a rule filtering on PVP ranks, of a human who blocked PVP alerts */
export function pvpBlocked(rule: MonsterRule, human: Human): boolean {
  return rule.pvpLeague !== 0 && human.blockedAlerts?.includes('pvp') === true;
}

/**
 * Rules an event is tested against: a bucket (its species, an everything-gate, a ranked evolution), the lists of
 * positions in it that may reach the event (reach-partition.ts), and where each rule stands in the visiting order
 * (species bucket, then the everything bucket, then the evolutions), which decides the winner among one human's rules.
 */
export interface CandidateList {
  readonly rules: readonly IndexedMonsterRule[];
  /** positions in `rules` to visit, each list ascending; the rules of the first `inReach` lists reach the event */
  readonly visit: Candidates;
  /** the order of rules[p] is base + (order ? order[p] : p) */
  readonly base: number;
  readonly order: readonly number[] | null;
}

const LIST_SPAN = 2 ** 32;

/** An everything-rule behind this gate can pass only if the event passes the gate (see EverythingGate). */
function gateOpen(gate: EverythingGate, event: MonsterEvent, facts: MonsterFacts): boolean {
  const s = event.stats;
  if (!s) return !gate.needsEncounter;
  if (!between(s.iv, gate.minIv, gate.maxIv)) return false;
  if (gate.pvpLeague === 0) return true;
  const ranks = facts.ranks.get(gate.pvpLeague as LeagueCap);
  return ranks !== undefined && ranks.some((r) => r.rank <= gate.pvpWorst);
}

/**
 * The lists to visit for an event inside `areaNames` (never flattened: Array.prototype.flat costs ~100 ns per
 * rule). Also what "rules examined" counts.
 */
export function candidateLists(event: MonsterEvent, index: MonsterIndex, facts: MonsterFacts, direct: boolean, areaNames: ReadonlySet<string>): CandidateList[] {
  const at = (reach: ReachPartition) => reachCandidates(reach, event.latitude, event.longitude, areaNames);
  const lists: CandidateList[] = [];
  const own = index.bySpecies.get(event.pokemonId);
  if (own) lists.push({ rules: own.rules, visit: at(own.reach), base: 0, order: null });
  for (const gate of index.everythingGates) if (gateOpen(gate, event, facts)) lists.push({ rules: gate.rules, visit: at(gate.reach), base: LIST_SPAN, order: gate.positions });
  if (direct) {
    const seen = new Set<number>([event.pokemonId]);
    for (const ranks of facts.ranks.values())
      for (const r of ranks)
        if (!seen.has(r.pokemon)) {
          seen.add(r.pokemon);
          const bucket = index.bySpecies.get(r.pokemon);
          if (bucket) lists.push({ rules: bucket.rules, visit: at(bucket.reach), base: LIST_SPAN * (seen.size + 1), order: null });
        }
  }
  return lists;
}

export function matchMonster(
  event: MonsterEvent,
  facts: MonsterFacts,
  snapshot: Snapshot,
  index: MonsterIndex,
  ctx: MatchContext,
  settings: MonsterMatchSettings,
): MonsterMatch[] {
  if (tooLittleTime(facts, settings)) return [];
  const point = { latitude: event.latitude, longitude: event.longitude };
  const alertType = event.stats ? 'monster' : 'monsterNoIv';
  // one alert per human: the rule first in the visiting order wins, kept as the loop goes (no match is made for a
  // rule that loses, and no pass over all matches afterwards)
  const winners: { order: number; rule: MonsterRule; human: Human; reach: ReachedOutcome }[] = [];
  const winnerOf = new Map<Human, number>();
  const pvpHumans = new Set<Human>();
  // the PVP filters of each human's matching rules, for [pvp] filter_by_track (made only when it is on and a rule has one)
  let pvpFilters: Map<Human, PvpTrackFilter[]> | null = null;
  for (const { rules, visit, base, order } of candidateLists(event, index, facts, settings.evolutionDirectTracking, ctx.areaNames))
    for (let l = 0; l < visit.lists.length; l++) {
      const positions = visit.lists[l]!;
      const inReach = l < visit.inReach;
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        const rule = rules[i]!;
        if (ruleMiss(rule, event, facts, settings) !== MISS.PASS) continue;
        const human = rule.human;
        if (!human || pvpBlocked(rule, human)) continue;
        const reach = inReach ? IN_AREA : ruleReaches(rule.reach, human, rule.reach.locationLabel === null ? undefined : snapshot.locations.get(human.id), point, ctx.areaNames);
        if (!reach.reached) continue;
        if (rule.pvpLeague !== 0) {
          pvpHumans.add(human);
          if (settings.filterByTrack && rule.pvpWorst < ANY_RANK) {
            const filter = { league: rule.pvpLeague as LeagueCap, worst: rule.pvpWorst, cap: rule.pvpCap };
            const list = (pvpFilters ??= new Map()).get(human);
            if (list) list.push(filter);
            else pvpFilters.set(human, [filter]);
          }
        }
        const ruleOrder = base + (order ? order[i]! : i);
        const at = winnerOf.get(human);
        if (at === undefined) {
          winnerOf.set(human, winners.length);
          winners.push({ order: ruleOrder, rule, human, reach });
        } else if (ruleOrder < winners[at]!.order) winners[at] = { order: ruleOrder, rule, human, reach };
      }
    }
  if (winners.length > 1) winners.sort((a, b) => a.order - b.order);
  return winners.map(({ rule, human, reach }) => {
    const match: MonsterMatch = {
      human,
      table: MONSTERS_TABLE,
      ruleUid: rule.uid,
      alertType,
      templateId: rule.templateId,
      ping: rule.ping,
      clean: rule.clean,
      distanceM: reach.distanceM,
      origin: reach.origin,
      userHasPvpTracks: pvpHumans.has(human),
      pvpUserRanking: rule.pvpLeague !== 0 && rule.pvpWorst < ANY_RANK ? rule.pvpWorst : 0,
      trackDistance: rule.reach.distance,
    };
    const filters = pvpFilters?.get(human);
    return filters ? { ...match, pvpFilters: filters } : match;
  });
}
