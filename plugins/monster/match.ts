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

function statsPass(rule: MonsterRule, event: MonsterEvent): boolean {
  const s = event.stats;
  if (!s) return !rule.needsEncounter;
  const grams = event.weight * 1000;
  return (
    between(s.iv, rule.minIv, rule.maxIv) &&
    between(s.cp, rule.minCp, rule.maxCp) &&
    between(s.level, rule.minLevel, rule.maxLevel) &&
    between(s.atk, rule.atk, rule.maxAtk) &&
    between(s.def, rule.def, rule.maxDef) &&
    between(s.sta, rule.sta, rule.maxSta) &&
    between(grams, rule.minWeight, rule.maxWeight) &&
    between(event.size, rule.size, rule.maxSize)
  );
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

function speciesPass(rule: MonsterRule, event: MonsterEvent): boolean {
  if (rule.pokemonId === 0) return true;
  if (rule.pokemonId === event.pokemonId) return rule.form === 0 || rule.form === event.form;
  return rule.pvpLeague !== 0; // a direct-tracking evolution rule; pvpPass decides
}

function rulePasses(rule: MonsterRule, event: MonsterEvent, facts: MonsterFacts, settings: MonsterMatchSettings): boolean {
  if (!speciesPass(rule, event)) return false;
  if (rule.gender !== 0 && rule.gender !== event.gender) return false;
  if (rule.minTime > 0 && (facts.secondsLeft === null || facts.secondsLeft < rule.minTime)) return false;
  if (!between(facts.rarity, rule.rarity, rule.maxRarity)) return false;
  if (!statsPass(rule, event)) return false;
  return pvpPass(rule, event, facts, settings.evolutionDirectTracking);
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
  if (facts.secondsLeft !== null && facts.secondsLeft < settings.alertMinimumTime) return [];
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
        if (!rulePasses(rule, event, facts, settings)) continue;
        const human = rule.human;
        if (!human) continue;
        if (rule.pvpLeague !== 0 && human.blockedAlerts?.includes('pvp')) continue;
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
