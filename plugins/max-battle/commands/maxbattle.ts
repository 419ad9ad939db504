/**
 * The `maxbattle` command: writes `maxbattle` rules for the target's current profile (or, with `remove` /
 * `id:`, deletes them) through the shared keyed-rule saving (same boss, form, level, gmax, move, evolution and
 * station = the same rule).
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { parseContextFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { intColumn } from '../../../core/match/index.ts';
import { ANY, MAXBATTLE_TABLE } from '../rule.ts';
import { describeMaxBattleRule } from './describe.ts';
import { parseMaxBattleCommand, type MaxBattleRemoval } from './parse.ts';

export const MAX_BATTLE_RULES: KeyedRuleTable = {
  table: MAXBATTLE_TABLE,
  keyColumns: ['pokemon_id', 'form', 'level', 'gmax', 'move', 'evolution', 'station_id'],
  alertTypes: ['maxbattle'],
  describe: describeMaxBattleRule,
};

function removes(request: MaxBattleRemoval): (row: TrackingRow) => boolean {
  return (row) => {
    if (request.all) return true;
    const id = intColumn(row, 'pokemon_id', ANY);
    const form = intColumn(row, 'form', 0);
    if (id === ANY) return request.levels.includes(intColumn(row, 'level', ANY));
    return request.picks.some((p) => p.pokemonId === id && (p.form === 0 || p.form === form));
  };
}

export const maxBattleCommand: CommandDefinition = {
  name: 'maxbattle',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseMaxBattleCommand(inv.args, inv.rawArgs, await parseContextFor(inv, target));
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') return removeKeyedRules(inv, target, MAX_BATTLE_RULES, removes(request), request.uids);
    return saveKeyedRules(inv, target, MAX_BATTLE_RULES, request.rules.map((rule) => ({ ...rule })), request.notes);
  },
};
