/**
 * The `lure` command: tracks lures by type (or every lure), or removes such rules (`remove`, `id:<uid>`).
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { reachOptionsFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { intColumn } from '../../../core/match/index.ts';
import { LURES_TABLE } from '../match.ts';
import { describeLureRule } from './describe.ts';
import { parseLureArgs } from './parse.ts';

export const LURE_RULES: KeyedRuleTable = { table: LURES_TABLE, keyColumns: ['lure_id'], alertTypes: ['lure'], describe: describeLureRule };

export const lureCommand: CommandDefinition = {
  name: 'lure',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseLureArgs(inv.args, inv.rawArgs, { gameData: inv.services.gameData(), language: inv.language, reach: await reachOptionsFor(inv, target), ping: inv.ping });
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') {
      const ids = request.lureIds;
      const selects = (row: TrackingRow): boolean => ids === 'all' || ids.includes(intColumn(row, 'lure_id', 0));
      return removeKeyedRules(inv, target, LURE_RULES, selects, request.uids);
    }
    return saveKeyedRules(inv, target, LURE_RULES, request.rules, request.notes);
  },
};
