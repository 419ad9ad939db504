/**
 * The pure fort-update matcher: the rule's fort type (`everything` = any), `include_empty` (0 skips forts with
 * neither name nor description), `change_types` (`[]` = any, else one of the update's change kinds), then the
 * rule modes through core/match and one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import { changeKinds, isEmptyFort } from './changes.ts';
import type { FortEvent } from './event.ts';
import { ANY_FORT, FORTS_TABLE, type FortIndex, type FortRule } from './rule.ts';

function rulePasses(rule: FortRule, event: FortEvent, empty: boolean, kinds: ReadonlySet<string>): boolean {
  if (rule.fortType !== ANY_FORT && rule.fortType !== event.fortType) return false;
  if (empty && !rule.includeEmpty) return false;
  return rule.changeTypes.length === 0 || rule.changeTypes.some((t) => kinds.has(t));
}

export function matchFortUpdate(event: FortEvent, snapshot: Snapshot, index: FortIndex, ctx: MatchContext): Match[] {
  const empty = isEmptyFort(event);
  const kinds: ReadonlySet<string> = changeKinds(event);
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: FORTS_TABLE, alertType: 'fort-update' };
  collectReached(index.rules, (rule) => rulePasses(rule, event, empty, kinds), target, matches);
  return oncePerHuman(matches);
}
