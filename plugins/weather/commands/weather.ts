/**
 * The `weather` command: tracks weather changes by condition and cell (or the target's areas) in the
 * `weather` table of the current profile, or removes such rules (`remove`, `id:<uid>`), and answers with the
 * changes. A rule for the same condition and cell is updated in place (the table allows one).
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { done, refused, unchanged } from '../../../core/commands/replies.ts';
import { checkTemplates, message, type Message } from '../../../core/commands/tracking/index.ts';
import { intColumn, textColumn } from '../../../core/match/index.ts';
import { WEATHER_CONFIG } from '../config.ts';
import { isAnyCell, WEATHER_TABLE } from '../rule.ts';
import { WEATHER_ALERT_TYPE } from '../match.ts';
import { describeWeatherRule } from './describe.ts';
import { parseWeatherCommand, type WeatherDraft, type WeatherParseOptions, type WeatherRequest } from './parse.ts';

function translate(inv: CommandInvocation, m: Message): string {
  return inv.t(m.text, { prefix: inv.prefix, ...m.vars });
}

function describeContext(inv: CommandInvocation): DescribeContext {
  return { language: inv.language, gameData: inv.services.gameData(), t: (text, vars) => inv.t(text, vars) };
}

async function parseOptions(inv: CommandInvocation, target: Human): Promise<WeatherParseOptions> {
  const { config } = inv.services;
  const locations = await inv.services.stores.locations.list(target.id);
  return {
    gameData: inv.services.gameData(),
    language: inv.language,
    limits: config.tracking,
    areaNames: new Set(inv.services.geofences().fences.map((f) => f.name.toLowerCase())),
    locations,
    home: { latitude: target.latitude, longitude: target.longitude },
    defaultTemplate: config.general.default_template_name,
    ping: inv.ping,
  };
}

function rowCell(row: TrackingRow): string {
  const cell = textColumn(row, 'cell').trim();
  return isAnyCell(cell) ? '' : cell;
}

function line(inv: CommandInvocation, label: string, row: TrackingRow): string {
  return inv.t(label, { rule: describeWeatherRule(row, describeContext(inv)) });
}

async function track(inv: CommandInvocation, target: Human, rules: readonly WeatherDraft[], warnings: readonly string[]): Promise<CommandReply[]> {
  const store = inv.services.stores.rules;
  const existing = await store.list(WEATHER_TABLE, target.id, target.currentProfileNo);
  const lines: string[] = [];
  const kept: string[] = [];
  const inserts: WeatherDraft[] = [];
  for (const rule of rules) {
    const same = existing.find((r) => intColumn(r, 'condition', 0) === rule.condition && rowCell(r) === rule.cell);
    const asRow = (uid: number): TrackingRow => ({ ...rule, uid, id: target.id, profile_no: target.currentProfileNo });
    if (!same) inserts.push(rule);
    else if (intColumn(same, 'template', 0) !== rule.template || intColumn(same, 'clean', 0) !== rule.clean || textColumn(same, 'ping') !== rule.ping) {
      await store.update(WEATHER_TABLE, same.uid, { template: rule.template, clean: rule.clean, ping: rule.ping });
      lines.push(line(inv, 'Updated: {rule}', asRow(same.uid)));
    } else kept.push(line(inv, 'Unchanged: {rule}', same));
  }
  if (inserts.length > 0) {
    const saved = await store.insert(WEATHER_TABLE, inserts.map((r) => ({ ...r, id: target.id, profile_no: target.currentProfileNo })));
    lines.unshift(...saved.map((row) => line(inv, 'New: {rule}', row)));
  }
  inv.services.log.info({ command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, inserted: inserts.length, updated: lines.length - inserts.length }, 'weather rules tracked');
  const notes: string[] = [...warnings];
  if (!target.enabled) notes.push(translate(inv, message('Your alerts are currently paused. Use {prefix}start to resume them')));
  if (target.area.length === 0 && rules.some((r) => r.cell === '')) notes.push(translate(inv, message('You are tracking by area but have no areas set. Use {prefix}area add to choose some')));
  if (!WEATHER_CONFIG.read(inv.services.config).weather.change_alert) notes.push(inv.t('Weather change alerts are switched off on this server'));
  if (lines.length === 0) return [unchanged([...kept, ...notes].join('\n') || inv.t('Nothing changed'))];
  return [done([...lines, ...kept, ...notes].join('\n'))];
}

async function remove(inv: CommandInvocation, target: Human, request: Extract<WeatherRequest, { kind: 'remove' }>): Promise<CommandReply[]> {
  const store = inv.services.stores.rules;
  const rows = await store.list(WEATHER_TABLE, target.id, target.currentProfileNo);
  const byUid = new Set(request.uids);
  const bySelector = request.conditions === null || request.conditions.length > 0;
  const doomed = rows.filter(
    (r) =>
      byUid.has(r.uid) ||
      (bySelector &&
        (request.conditions === null || request.conditions.includes(intColumn(r, 'condition', 0))) &&
        (request.cell === null || rowCell(r) === request.cell)),
  );
  const removed = doomed.length > 0 ? await store.deleteByUid(WEATHER_TABLE, target.id, doomed.map((r) => r.uid)) : 0;
  inv.services.log.info({ command: inv.name, humanId: target.id, profileNo: target.currentProfileNo, removed }, 'weather rules removed');
  const missing = request.uids.filter((uid) => !rows.some((r) => r.uid === uid)).map((uid) => inv.t('id:{uid} not found', { uid }));
  if (removed === 0) return [unchanged([inv.t('Nothing to remove'), ...missing].join('\n'))];
  return [done([...doomed.map((row) => line(inv, 'Removed: {rule}', row)), ...missing].join('\n'))];
}

export const weatherCommand: CommandDefinition = {
  name: 'weather',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refused(translate(inv, message('You are not registered. Please register first.')))];
    const parsed = parseWeatherCommand(inv.args, inv.rawArgs, await parseOptions(inv, target));
    if (!parsed.ok) return [refused(translate(inv, parsed.error))];
    if (parsed.value.kind === 'remove') return remove(inv, target, parsed.value);
    // only a template the user typed is checked: the default filled in for the column may have no entry of its own
    const templates = checkTemplates(inv, target, [WEATHER_ALERT_TYPE], [{ template: parsed.value.namedTemplate }]);
    if (!templates.ok) return [templates.reply];
    return track(inv, target, parsed.value.rules, templates.notes.map((note) => translate(inv, note)));
  },
};
