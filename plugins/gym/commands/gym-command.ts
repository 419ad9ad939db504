/**
 * The `gym` command: writes `gym` rules for the target's current profile (one per team asked for) or removes
 * them (`remove` by team, none = all, or `id:<uid>`), and answers with the changes. `gym:<id or name>` is looked up in
 * the scanner database (core's gym-reference.ts).
 */
import type { CommandDefinition } from '../../../core/commands/types.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { message } from '../../../core/commands/tracking/index.ts';
import { reachOptionsFor, refusalOf, removeKeyedRules, saveKeyedRules } from '../../../core/commands/tracking/keyed-rules.ts';
import { resolveGymReference } from '../../../core/commands/tracking/gym-reference.ts';
import { intColumn } from '../../../core/match/index.ts';
import { GYM_CONFIG } from '../config.ts';
import { ANY_TEAM } from '../rule.ts';
import { GYM_RULES } from './columns.ts';
import { parseGymCommand } from './parse.ts';

export const gymCommand: CommandDefinition = {
  name: 'gym',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseGymCommand(inv.args, inv.rawArgs, {
      reach: await reachOptionsFor(inv, target),
      battleChangesAllowed: GYM_CONFIG.read(inv.services.config).tracking.enable_gym_battle,
      ping: inv.ping,
    });
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.kind === 'remove') {
      const teams = new Set(request.teams);
      const byTeam = (row: TrackingRow): boolean => request.uids.length === 0 && (teams.size === 0 || teams.has(intColumn(row, 'team', ANY_TEAM)));
      return removeKeyedRules(inv, target, GYM_RULES, byTeam, request.uids);
    }
    const gym = await resolveGymReference(inv, request.rules, 'gym_id');
    if (!gym.ok) return [gym.reply];
    return saveKeyedRules(inv, target, GYM_RULES, gym.drafts, request.notes);
  },
};
