/**
 * The match hook, pure: which active weather rules a cell's change satisfies, at most one alert per human.
 * Nothing matches unless [weather] change_alert is on and the cell's previous condition is known and differs.
 * A rule for a cell matches that cell wherever it is; a rule for any cell needs the cell centre inside one of
 * the human's areas.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches } from '../../core/match/index.ts';
import type { WeatherEvent } from './event.ts';
import { WEATHER_TABLE, type WeatherIndex, type WeatherRule } from './rule.ts';

export const WEATHER_ALERT_TYPE = 'weatherchange';

/**
 * Why a weather change does not alert anyone, or a rule does not take it, as a number (PASS = it does): the matcher
 * only compares it with PASS, the explanation (explain.ts) tells it in words. One function for both, so they
 * cannot drift. The event's `previousCondition` is what the plugin remembered of the cell when it parsed the event.
 */
export const MISS = {
  PASS: 0,
  ALERTS_OFF: 1,
  NO_CONDITION: 2,
  UNKNOWN_BEFORE: 3,
  UNCHANGED: 4,
  CELL: 5,
  CONDITION: 6,
} as const;
export type WeatherMiss = (typeof MISS)[keyof typeof MISS];

/**
 * Why the event alerts no one ([weather] change_alert off, or no real change: the condition the cell had is unknown
 * or the new one), PASS when it is a change to alert.
 */
export function changeMiss(event: WeatherEvent, changeAlert: boolean): WeatherMiss {
  if (!changeAlert) return MISS.ALERTS_OFF;
  if (event.condition <= 0) return MISS.NO_CONDITION;
  if (event.previousCondition === null) return MISS.UNKNOWN_BEFORE;
  return event.previousCondition === event.condition ? MISS.UNCHANGED : MISS.PASS;
}

/** The rule's condition (0 = any) against the new one; the matcher visits only the rules of the event's cell and of any cell. */
function conditionMiss(rule: WeatherRule, event: WeatherEvent): WeatherMiss {
  return rule.condition !== 0 && rule.condition !== event.condition ? MISS.CONDITION : MISS.PASS;
}

/**
 * The first of the rule's filters the change fails, PASS when none (an any-cell rule's reach is checked apart). The
 * cell is what the matcher's index lookups decide (the event's cell and '', the any-cell bucket).
 */
export function ruleMiss(rule: WeatherRule, event: WeatherEvent): WeatherMiss {
  if (rule.cell !== '' && rule.cell !== event.cellId) return MISS.CELL;
  return conditionMiss(rule, event);
}

function toMatch(rule: WeatherRule, human: Match['human']): Match {
  return { human, table: WEATHER_TABLE, ruleUid: rule.uid, alertType: WEATHER_ALERT_TYPE, templateId: rule.templateId, ping: rule.ping, clean: rule.clean };
}

export function matchWeather(event: WeatherEvent, snapshot: Snapshot, index: WeatherIndex, ctx: MatchContext, changeAlert: boolean): Match[] {
  if (changeMiss(event, changeAlert) !== MISS.PASS) return [];
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.byCell.get(event.cellId) ?? []) {
    if (conditionMiss(rule, event) !== MISS.PASS) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (human) matches.push(toMatch(rule, human));
  }
  for (const rule of index.byCell.get('') ?? []) {
    if (conditionMiss(rule, event) !== MISS.PASS) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    if (!ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames).reached) continue;
    matches.push(toMatch(rule, human));
  }
  return oncePerHuman(matches);
}
