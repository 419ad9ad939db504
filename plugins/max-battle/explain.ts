/**
 * "Why didn't I get this alert?" for a max battle rule: the verdict of the matcher's own checks (match.ts `ruleMiss`,
 * then the core's reach) put in words. Nothing is decided here that match.ts does not decide the same way; this file
 * only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { MaxBattleEvent } from './event.ts';
import { MISS, ruleMiss, type MaxBattleMiss } from './match.ts';
import { MAXBATTLE_TABLE, type MaxBattleRule } from './rule.ts';

/** `Snorlax`, `Toxtricity (Low Key)`; an unknown boss (0) as such */
function bossName(gameData: GameData, pokemonId: number, form: number): string {
  if (pokemonId === 0) return 'an unknown boss';
  const name = gameData.pokemonName(pokemonId);
  const formName = form === 0 ? '' : gameData.formName(form);
  return formName === '' ? name : `${name} (${formName})`;
}

function moveNames(gameData: GameData, event: MaxBattleEvent): string {
  const moves = [event.move1, event.move2].filter((m) => m !== 0).map((m) => gameData.moveName(m));
  return moves.length === 0 ? 'no known moves' : moves.join(', ');
}

function missWords(miss: Exclude<MaxBattleMiss, 0>, rule: MaxBattleRule, event: MaxBattleEvent, gameData: GameData): RuleVerdict {
  switch (miss) {
    case MISS.LEVEL:
      return missed('level', 'the rule is for level {rule} battles, the battle is level {event}', { rule: rule.level, event: event.level });
    case MISS.SPECIES:
      return missed('species', 'the rule is for {rule}, the battle boss is {event}', { rule: bossName(gameData, rule.pokemonId, 0), event: bossName(gameData, event.pokemonId, event.form) });
    case MISS.FORM:
      return missed('form', 'the rule is for the form {rule}, the battle boss is {event}', { rule: bossName(gameData, rule.pokemonId, rule.form), event: bossName(gameData, event.pokemonId, event.form) });
    case MISS.GMAX:
      return missed('gmax', 'the rule asks for Gigantamax battles, and this one is not');
    case MISS.MOVE:
      return missed('move', 'the rule asks for the move {rule}, the boss has {event}', { rule: gameData.moveName(rule.move), event: moveNames(gameData, event) });
    case MISS.EVOLUTION:
      return missed('evolution', 'the rule asks for {rule}, and max battle bosses have no temporary evolution', { rule: gameData.tempEvolutionName(rule.evolution) });
    case MISS.STATION:
      return missed('station', 'the rule is for the power spot {rule}, the battle is at {event} ({id})', { rule: rule.stationId ?? '', event: event.stationName || event.stationId, id: event.stationId });
  }
}

/** The verdict on one max battle rule for a battle, as matchMaxBattle would decide it. */
export function explainMaxBattleRule(event: MaxBattleEvent, explained: ExplainedRule, ctx: MatchContext, gameData: GameData): RuleVerdict {
  if (explained.table !== MAXBATTLE_TABLE) return otherKind(explained.table);
  const rule = explained.rule as MaxBattleRule;
  const miss = ruleMiss(rule, event);
  if (miss !== MISS.PASS) return missWords(miss, rule, event, gameData);
  return reachOf(rule.reach, explained, event, ctx);
}
