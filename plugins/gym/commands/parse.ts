/**
 * `gym` arguments → the rules to write or the rules to remove. Pure. Teams (`valor`/`red`, `mystic`/`blue`,
 * `instinct`/`yellow`, `harmony`/`gray`/`neutral`/`uncontested`), `everything` (one rule per team), none = any
 * team; `slot changes`, `battle changes` (only with [tracking] enable_gym_battle), `gym:<id>`, and the shared
 * `clean`, `template<N>`, `d:`/`area:`/`location:`, `remove` (by team, none = all) and `id:<uid>`.
 */
import { refuse, resolveReach, type Message, type Parsed, type ReachOptions } from '../../../core/commands/tracking/index.ts';
import { emptyCommonArgs, readCommonToken, type CommonRuleArgs } from '../../../core/commands/tracking/keyed-rules.ts';
import { prefixRawValue } from '../../../core/commands/tracking/index.ts';
import { ANY_TEAM } from '../rule.ts';
import type { GymDraft } from './columns.ts';

export const TEAM_WORDS: ReadonlyMap<string, number> = new Map([
  ['harmony', 0], ['gray', 0], ['grey', 0], ['neutral', 0], ['uncontested', 0],
  ['mystic', 1], ['blue', 1],
  ['valor', 2], ['red', 2],
  ['instinct', 3], ['yellow', 3],
]);

export interface GymParseOptions {
  readonly reach: ReachOptions;
  /** [tracking] enable_gym_battle */
  readonly battleChangesAllowed: boolean;
  /** the mentions to put in `ping` */
  readonly ping: string;
}

export type GymRequest =
  | { readonly kind: 'track'; readonly rules: readonly GymDraft[]; readonly notes: readonly Message[] }
  /** `teams` empty = every team */
  | { readonly kind: 'remove'; readonly teams: readonly number[]; readonly uids: readonly number[] };

interface Gathered {
  readonly common: CommonRuleArgs;
  readonly teams: Set<number>;
  slotChanges: boolean;
  battleChanges: boolean;
  gymId: string | null;
  readonly unrecognized: string[];
}

/** `<word> changes` as one token (`slot_changes` reads as `slot changes`) or two; how many tokens it took. */
function phrase(args: readonly string[], i: number, word: string): number {
  if (args[i] === `${word} changes`) return 1;
  return args[i] === word && args[i + 1] === 'changes' ? 2 : 0;
}

function readToken(token: string, raw: string, g: Gathered): boolean {
  const team = TEAM_WORDS.get(token);
  if (team !== undefined) {
    g.teams.add(team);
    return true;
  }
  const gymId = prefixRawValue(token, raw, 'gym', true)?.trim();
  if (gymId) {
    g.gymId = gymId;
    return true;
  }
  return readCommonToken(token, raw, g.common);
}

function gather(args: readonly string[], rawArgs: readonly string[]): Gathered {
  const g: Gathered = { common: emptyCommonArgs(), teams: new Set(), slotChanges: false, battleChanges: false, gymId: null, unrecognized: [] };
  for (let i = 0; i < args.length; ) {
    const slot = phrase(args, i, 'slot');
    const battle = phrase(args, i, 'battle');
    if (slot > 0) g.slotChanges = true;
    if (battle > 0) g.battleChanges = true;
    if (slot + battle > 0) {
      i += slot + battle;
      continue;
    }
    const token = args[i] ?? '';
    if (!readToken(token, rawArgs[i] ?? token, g)) g.unrecognized.push(rawArgs[i] ?? token);
    i++;
  }
  return g;
}

function teamsOf(g: Gathered): number[] {
  if (g.common.everything) return [0, 1, 2, 3];
  return g.teams.size > 0 ? [...g.teams].sort((a, b) => a - b) : [ANY_TEAM];
}

export function parseGymCommand(args: readonly string[], rawArgs: readonly string[], options: GymParseOptions): Parsed<GymRequest> {
  const g = gather(args, rawArgs);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  const { common } = g;
  if (common.remove) {
    const teams = common.everything ? [] : [...g.teams];
    return { ok: true, value: { kind: 'remove', teams, uids: common.uids } };
  }
  if (common.uids.length > 0) return refuse('id: only removes rules, for example {prefix}gym remove id:{uid}', { uid: common.uids[0]! });
  if (g.battleChanges && !options.battleChangesAllowed) return refuse('Battle changes tracking is not enabled');
  const reach = resolveReach(common.reach, options.reach);
  if (!reach.ok) return reach;
  const rules = teamsOf(g).map(
    (team): GymDraft => ({
      team,
      slot_changes: g.slotChanges ? 1 : 0,
      battle_changes: g.battleChanges ? 1 : 0,
      gym_id: g.gymId,
      distance: reach.value.distance,
      template: common.template ?? '',
      clean: common.clean ? 1 : 0,
      ping: options.ping,
      override_location_label: reach.value.override_location_label,
      override_areas: reach.value.override_areas,
    }),
  );
  return { ok: true, value: { kind: 'track', rules, notes: reach.value.note ? [reach.value.note] : [] } };
}
