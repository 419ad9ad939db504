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

/** A real change: the condition the cell had is known and is not the new one. */
export function isChange(event: WeatherEvent): boolean {
  return event.previousCondition !== null && event.previousCondition !== event.condition && event.condition > 0;
}

function toMatch(rule: WeatherRule, human: Match['human']): Match {
  return { human, table: WEATHER_TABLE, ruleUid: rule.uid, alertType: WEATHER_ALERT_TYPE, templateId: rule.templateId, ping: rule.ping, clean: rule.clean };
}

export function matchWeather(event: WeatherEvent, snapshot: Snapshot, index: WeatherIndex, ctx: MatchContext, changeAlert: boolean): Match[] {
  if (!changeAlert || !isChange(event)) return [];
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.byCell.get(event.cellId) ?? []) {
    if (rule.condition !== 0 && rule.condition !== event.condition) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (human) matches.push(toMatch(rule, human));
  }
  for (const rule of index.byCell.get('') ?? []) {
    if (rule.condition !== 0 && rule.condition !== event.condition) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    if (!ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames).reached) continue;
    matches.push(toMatch(rule, human));
  }
  return oncePerHuman(matches);
}
