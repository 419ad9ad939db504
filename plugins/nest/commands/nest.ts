/**
 * The `nest` command: writes `nests` rules for the target's current profile (or, with `remove` / `id:`,
 * deletes them) through the shared keyed-rule saving (same pokemon, form and least spawns = the same rule).
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { parseContextFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable } from '../../../core/commands/tracking/keyed-rules.ts';
import { intColumn } from '../../../core/match/index.ts';
import { NESTS_TABLE } from '../rule.ts';
import { describeNestRule } from './describe.ts';
import { parseNestCommand, type NestRequest } from './parse.ts';

export const NEST_RULES: KeyedRuleTable = { table: NESTS_TABLE, keyColumns: ['pokemon_id', 'form', 'min_spawn_avg'], alertTypes: ['nest'], describe: describeNestRule };

function removes(request: Extract<NestRequest, { kind: 'remove' }>): (row: TrackingRow) => boolean {
  return (row) => {
    if (request.all) return true;
    const id = intColumn(row, 'pokemon_id', 0);
    const form = intColumn(row, 'form', 0);
    return request.picks.some((p) => p.pokemonId === id && (p.form === 0 || p.form === form));
  };
}

export const nestCommand: CommandDefinition = {
  name: 'nest',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseNestCommand(inv.args, inv.rawArgs, await parseContextFor(inv, target));
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') return removeKeyedRules(inv, target, NEST_RULES, removes(request), request.uids);
    return saveKeyedRules(inv, target, NEST_RULES, request.rules.map((rule) => ({ ...rule })), request.notes);
  },
};
