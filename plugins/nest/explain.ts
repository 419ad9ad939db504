/**
 * "Why didn't I get this alert?" for a nest rule: the verdict of the matcher's own checks (match.ts `ruleMiss`, then
 * the core's reach) put in words. Nothing is decided here that match.ts does not decide the same way; this file only
 * names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { NestEvent } from './event.ts';
import { MISS, ruleMiss, type NestMiss } from './match.ts';
import { NESTS_TABLE, type NestRule } from './rule.ts';

/** `Pikachu`, `Vulpix (Alola)` */
function speciesName(gameData: GameData, pokemonId: number, form: number): string {
  const name = gameData.pokemonName(pokemonId);
  const formName = form === 0 ? '' : gameData.formName(form);
  return formName === '' ? name : `${name} (${formName})`;
}

function missWords(miss: Exclude<NestMiss, 0>, rule: NestRule, event: NestEvent, gameData: GameData): RuleVerdict {
  const nesting = speciesName(gameData, event.pokemonId, event.form);
  switch (miss) {
    case MISS.SPECIES:
      return missed('species', 'the rule is for {rule}, the nest is of {event}', { rule: speciesName(gameData, rule.pokemonId, 0), event: nesting });
    case MISS.FORM:
      return missed('form', 'the rule is for the form {rule}, the nest is of {event}', { rule: speciesName(gameData, rule.pokemonId, rule.form), event: nesting });
    case MISS.SPAWN_AVG:
      return missed('spawn_avg', "{avg} spawns per hour on average, below the rule's minimum {min}", { avg: Math.round(event.pokemonAvg * 100) / 100, min: rule.minSpawnAvg });
  }
}

/** The verdict on one nest rule for a nest report, as matchNest would decide it. */
export function explainNestRule(event: NestEvent, explained: ExplainedRule, ctx: MatchContext, gameData: GameData): RuleVerdict {
  if (explained.table !== NESTS_TABLE) return otherKind(explained.table);
  const rule = explained.rule as NestRule;
  const miss = ruleMiss(rule, event);
  if (miss !== MISS.PASS) return missWords(miss, rule, event, gameData);
  return reachOf(rule.reach, explained, event, ctx);
}
