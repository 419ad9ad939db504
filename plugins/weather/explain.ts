/**
 * "Why didn't I get this alert?" for a weather rule: the verdict of the matcher's own checks (match.ts: `changeMiss`
 * for the event, `ruleMiss` for the rule, then the core's reach for a rule of any cell) put in words. The condition
 * the cell had before is the event's own (`previousCondition`, what the plugin remembered when it parsed the event),
 * so the explanation sees what the matcher saw. This file only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { FIRES, missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { WeatherEvent } from './event.ts';
import { changeMiss, MISS, ruleMiss } from './match.ts';
import { WEATHER_TABLE, type WeatherRule } from './rule.ts';

/** a weather condition's English name */
export type ConditionName = (condition: number) => string;

function eventWords(event: WeatherEvent, name: ConditionName): RuleVerdict | null {
  switch (changeMiss(event, true)) {
    case MISS.NO_CONDITION:
      return missed('no_condition', 'the report gives the cell no weather condition');
    case MISS.UNKNOWN_BEFORE:
      return missed('unknown_before', "the cell's weather before {condition} is not known (its first report since the start), so this is no change", { condition: name(event.condition) });
    case MISS.UNCHANGED:
      return missed('unchanged', 'the weather stayed {condition}', { condition: name(event.condition) });
    default:
      return null;
  }
}

/** The verdict on one weather rule for a cell's report, as matchWeather would decide it. */
export function explainWeatherRule(event: WeatherEvent, explained: ExplainedRule, ctx: MatchContext, changeAlert: boolean, name: ConditionName): RuleVerdict {
  if (explained.table !== WEATHER_TABLE) return otherKind(explained.table);
  if (changeMiss(event, changeAlert) === MISS.ALERTS_OFF) return missed('change_alert_off', 'weather change alerts are off ([weather] change_alert)');
  const change = eventWords(event, name);
  if (change) return change;
  const rule = explained.rule as WeatherRule;
  const miss = ruleMiss(rule, event);
  if (miss === MISS.CELL) return missed('cell', 'the rule is for the weather cell {rule}, the change is in {event}', { rule: rule.cell, event: event.cellId });
  if (miss === MISS.CONDITION) return missed('condition', 'the rule is for a change to {rule}, the weather changed to {event}', { rule: name(rule.condition), event: name(event.condition) });
  // a rule for the cell matches it wherever it is; a rule for any cell needs the cell inside its human's areas
  if (rule.cell !== '') return FIRES;
  return reachOf(rule.reach, explained, event, ctx);
}
