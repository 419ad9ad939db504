/**
 * The pure fort-update matcher: the rule's fort type (`everything` = any), `include_empty` (0 skips forts with
 * neither name nor description), `change_types` (`[]` = any, else one of the update's change kinds), then the
 * rule modes through core/match and one alert per human.
 */
import type { Match, MatchContext, Snapshot } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches } from '../../core/match/index.ts';
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
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (!rulePasses(rule, event, empty, kinds)) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    const reach = ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    matches.push({
      human,
      table: FORTS_TABLE,
      ruleUid: rule.uid,
      alertType: 'fort-update',
      templateId: rule.templateId,
      ping: rule.ping,
      clean: 0,
      distanceM: reach.distanceM,
      origin: reach.origin,
    });
  }
  return oncePerHuman(matches);
}
