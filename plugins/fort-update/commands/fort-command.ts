/**
 * The `fort` command: writes `forts` rules for the target's current profile (one per fort type asked for) or
 * removes them (`remove` by fort type, none or `everything` = all, or `id:<uid>`), and answers with the changes.
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { reachOptionsFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { textColumn } from '../../../core/match/index.ts';
import { FORTS_TABLE } from '../rule.ts';
import { describeFortRule } from './describe.ts';
import { parseFortCommand } from './parse.ts';

export const FORT_RULES: KeyedRuleTable = {
  table: FORTS_TABLE,
  keyColumns: ['fort_type', 'change_types', 'include_empty'],
  alertTypes: ['fort-update'],
  describe: describeFortRule,
};

export const fortCommand: CommandDefinition = {
  name: 'fort',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseFortCommand(inv.args, inv.rawArgs, { reach: await reachOptionsFor(inv, target), ping: inv.ping });
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') {
      const types = new Set(request.fortTypes);
      const byType = (row: TrackingRow): boolean => request.uids.length === 0 && (types.size === 0 || types.has(textColumn(row, 'fort_type').trim()));
      return removeKeyedRules(inv, target, FORT_RULES, byType, request.uids);
    }
    return saveKeyedRules(inv, target, FORT_RULES, request.rules, request.notes);
  },
};
