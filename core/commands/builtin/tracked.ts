/**
 * `tracked`: the target's state (alerts on or off, location, areas, current profile, blocked alert kinds)
 * followed by every rule of its current profile, table by table (in the tables' declared order, leaving out
 * alert types that are switched off) under the table's title (translated; else its name), one line per rule
 * with its id. Long output is split into several messages. `tracked area` shows only
 * the areas line.
 */
import type { Human } from '../../model.ts';
import { coordinate, listing, mapLink } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation } from '../types.ts';
import { ruleLine } from './rule-line.ts';
import { targetOf } from './target-human.ts';

function areaLine(invocation: CommandInvocation, human: Human): string {
  return human.area.length > 0 ? invocation.t(TEXTS.areasAre, { areas: human.area.join(', ') }) : invocation.t(TEXTS.noAreas);
}

async function header(invocation: CommandInvocation, human: Human): Promise<string[]> {
  const { t } = invocation;
  const hasLocation = human.latitude !== 0 || human.longitude !== 0;
  const profiles = await invocation.services.stores.profiles.list(human.id);
  const profile = profiles.find((p) => p.profileNo === human.currentProfileNo);
  const lines = [
    t(human.enabled ? TEXTS.alertsEnabled : TEXTS.alertsDisabled),
    hasLocation ? t(TEXTS.locationIs, { latitude: coordinate(human.latitude), longitude: coordinate(human.longitude), link: mapLink(human.latitude, human.longitude) }) : t(TEXTS.noLocation),
    areaLine(invocation, human),
    t(TEXTS.profileIs, { name: profile?.name ?? String(human.currentProfileNo), number: human.currentProfileNo }),
  ];
  if (human.blockedAlerts && human.blockedAlerts.length > 0) lines.push(t(TEXTS.blockedAlerts, { kinds: human.blockedAlerts.join(', ') }));
  return lines;
}

async function ruleLines(invocation: CommandInvocation, human: Human): Promise<{ lines: string[]; firstUid: number | null }> {
  const lines: string[] = [];
  let firstUid: number | null = null;
  for (const table of invocation.services.trackingTables()) {
    if (invocation.services.tableSwitchedOff?.(table)) continue;
    const rows = await invocation.services.stores.rules.list(table, human.id, human.currentProfileNo);
    if (rows.length === 0) continue;
    const title = invocation.services.tableTitle?.(table);
    lines.push('', invocation.t(TEXTS.tableHeading, { table: title ? invocation.t(title) : table }));
    for (const row of rows) lines.push(ruleLine(invocation, table, row));
    firstUid ??= rows[0]!.uid;
  }
  return { lines, firstUid };
}

export const trackedCommand: CommandDefinition = {
  name: 'tracked',
  async run(invocation) {
    const human = targetOf(invocation);
    if (invocation.args[0] === 'area' || invocation.args[0] === 'areas') return [{ text: areaLine(invocation, human) }];
    const { lines, firstUid } = await ruleLines(invocation, human);
    const footer = firstUid === null ? ['', invocation.t(TEXTS.nothingTracked)] : ['', invocation.t(TEXTS.removeHint, { prefix: invocation.prefix, uid: firstUid })];
    return listing([...(await header(invocation, human)), ...lines, ...footer]);
  },
};
