/**
 * "Why didn't I get this alert?" for a monster rule: the verdict of the matcher's own checks (match.ts: the event's
 * time left, `ruleMiss`, `pvpBlocked`, and the core's reach) put in words. Nothing is decided here that match.ts does
 * not decide the same way; this file only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, rangeVerdict, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { MonsterEvent } from './event.ts';
import { MISS, pvpBlocked, ruleMiss, tooLittleTime, type MonsterFacts, type MonsterMatchSettings, type MonsterMiss } from './match.ts';
import type { MonsterRule } from './rule.ts';

/** species (and form) names for the words; ids when the game data does not know them */
export type SpeciesName = (pokemonId: number, form: number) => string;

const GENDERS: Readonly<Record<number, string>> = { 1: 'male', 2: 'female', 3: 'genderless' };

function missWords(miss: Exclude<MonsterMiss, 0>, rule: MonsterRule, event: MonsterEvent, facts: MonsterFacts, name: SpeciesName): RuleVerdict {
  const s = event.stats;
  switch (miss) {
    case MISS.SPECIES:
      return missed('species', 'the rule is for {rule}, the event is {event}', { rule: name(rule.pokemonId, 0), event: name(event.pokemonId, event.form) });
    case MISS.FORM:
      return missed('form', 'the rule is for the form {rule}, the event is {event}', { rule: name(rule.pokemonId, rule.form), event: name(event.pokemonId, event.form) });
    case MISS.GENDER:
      return missed('gender', 'the rule asks for {rule}, the event is {event}', { rule: GENDERS[rule.gender] ?? String(rule.gender), event: GENDERS[event.gender] ?? 'of unknown gender' });
    case MISS.TIME_LEFT:
      return missed('rule_time_left', "{left} s left, less than the rule's {min} s", { left: Math.max(0, Math.floor(facts.secondsLeft ?? 0)), min: rule.minTime });
    case MISS.RARITY:
      return rangeVerdict('rarity', facts.rarity, rule.rarity, rule.maxRarity, { below: 'rarity {value} below the minimum {min}', above: 'rarity {value} above the maximum {max}' });
    case MISS.NO_ENCOUNTER:
      return missed('no_encounter', 'the rule filters on IV, CP, level, size or PVP, and the event came without them (not encountered)');
    case MISS.IV:
      return rangeVerdict('iv', s!.iv, rule.minIv, rule.maxIv, { below: 'IV {value} below the minimum {min}', above: 'IV {value} above the maximum {max}' });
    case MISS.CP:
      return rangeVerdict('cp', s!.cp, rule.minCp, rule.maxCp, { below: 'CP {value} below the minimum {min}', above: 'CP {value} above the maximum {max}' });
    case MISS.LEVEL:
      return rangeVerdict('level', s!.level, rule.minLevel, rule.maxLevel, { below: 'level {value} below the minimum {min}', above: 'level {value} above the maximum {max}' });
    case MISS.ATK:
      return rangeVerdict('attack', s!.atk, rule.atk, rule.maxAtk, { below: 'attack {value} below the minimum {min}', above: 'attack {value} above the maximum {max}' });
    case MISS.DEF:
      return rangeVerdict('defense', s!.def, rule.def, rule.maxDef, { below: 'defense {value} below the minimum {min}', above: 'defense {value} above the maximum {max}' });
    case MISS.STA:
      return rangeVerdict('stamina', s!.sta, rule.sta, rule.maxSta, { below: 'stamina {value} below the minimum {min}', above: 'stamina {value} above the maximum {max}' });
    case MISS.WEIGHT:
      return rangeVerdict('weight', event.weight * 1000, rule.minWeight, rule.maxWeight, { below: 'weight {value} g below the minimum {min} g', above: 'weight {value} g above the maximum {max} g' });
    case MISS.SIZE:
      return rangeVerdict('size', event.size, rule.size, rule.maxSize, { below: 'size {value} below the minimum {min}', above: 'size {value} above the maximum {max}' });
    case MISS.PVP:
      return pvpWords(rule, facts);
  }
}

function pvpWords(rule: MonsterRule, facts: MonsterFacts): RuleVerdict {
  const ranks = facts.ranks.get(rule.pvpLeague as 500 | 1500 | 2500) ?? [];
  const best = ranks.length === 0 ? null : Math.min(...ranks.map((r) => r.rank));
  const values = { league: rule.pvpLeague, best: rule.pvpBest, worst: rule.pvpWorst };
  if (best === null) return missed('pvp_rank', 'no rank in the {league} league within the PVP settings; the rule asks for ranks {best}–{worst}', values);
  return missed('pvp_rank', 'best rank {rank} in the {league} league (CP and cap included) is outside the rule\'s ranks {best}–{worst}', { ...values, rank: best });
}

/** The verdict on one monster rule for an event, as matchMonster would decide it. */
export function explainMonsterRule(
  event: MonsterEvent,
  explained: ExplainedRule,
  ctx: MatchContext,
  facts: MonsterFacts,
  settings: MonsterMatchSettings,
  name: SpeciesName,
): RuleVerdict {
  const rule = explained.rule as MonsterRule;
  if (tooLittleTime(facts, settings))
    return missed('time_left', '{left} s left, less than the minimum {min} s ([general] alert_minimum_time)', {
      left: Math.max(0, Math.floor(facts.secondsLeft ?? 0)),
      min: settings.alertMinimumTime,
    });
  const miss = ruleMiss(rule, event, facts, settings);
  if (miss !== MISS.PASS) return missWords(miss, rule, event, facts, name);
  if (pvpBlocked(rule, explained.human)) return missed('blocked_kind', 'you blocked {kind} alerts', { kind: 'pvp' });
  return reachOf(rule.reach, explained, event, ctx);
}
