/**
 * The `incident` command (alias `invasion`): tracks invasions by grunt type and gender, or removes such rules
 * (`remove`, `id:<uid>`).
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { reachOptionsFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { textColumn } from '../../../core/match/index.ts';
import { INVASION_TABLE } from '../rule.ts';
import { describeInvasionRule } from './describe.ts';
import { parseIncident } from './parse.ts';

export const INVASION_RULES: KeyedRuleTable = { table: INVASION_TABLE, keyColumns: ['grunt_type', 'gender'], alertTypes: ['invasion'], describe: describeInvasionRule };

export const incidentCommand: CommandDefinition = {
  name: 'incident',
  aliases: ['invasion'],
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseIncident(inv.args, inv.rawArgs, { gameData: inv.services.gameData(), language: inv.language, reach: await reachOptionsFor(inv, target), ping: inv.ping });
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') {
      const types = request.gruntTypes;
      const selects = (row: TrackingRow): boolean => types === 'all' || types.includes(textColumn(row, 'grunt_type').trim().toLowerCase());
      return removeKeyedRules(inv, target, INVASION_RULES, selects, request.uids);
    }
    return saveKeyedRules(inv, target, INVASION_RULES, request.rules, request.notes);
  },
};
