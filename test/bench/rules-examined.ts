/**
 * "Rules examined per event", computed outside the hot path: the monster matcher's own `candidateLists` (the
 * species bucket, the everything-gates the event opens, evolution buckets when direct tracking is on, each cut to
 * the rules that may reach the event's areas and grid cell) applied to
 * the webhooks the run sends, against the index the running service built for its current snapshot. The mean
 * of the list lengths is exactly the number of rules the matcher tests per event; the matcher is not touched.
 */
import type { PvpConfig } from '../../plugins/monster/config.ts';
import { candidateLists } from '../../plugins/monster/match.ts';
import { parseMonster } from '../../plugins/monster/parse.ts';
import { filterBounds, selectRanks } from '../../plugins/monster/pvp-select.ts';
import type { MonsterIndex } from '../../plugins/monster/rule-index.ts';
import type { WebhookItem } from './webhooks.ts';

export interface RulesExamined {
  readonly meanPerEvent: number;
  readonly indexSize: number;
  readonly everythingBucket: number;
}

/** @param areaNamesAt the lower-cased names of the fences containing a point (the running service's fences) */
export function rulesExamined(index: MonsterIndex, items: readonly WebhookItem[], pvp: PvpConfig, areaNamesAt: (latitude: number, longitude: number) => ReadonlySet<string>): RulesExamined {
  const bounds = filterBounds(pvp);
  let total = 0;
  let events = 0;
  for (const item of items) {
    const parsed = parseMonster(item.message);
    if (!parsed.ok) continue;
    const facts = { secondsLeft: null, rarity: -1, ranks: selectRanks(parsed.event, bounds) };
    const areas = areaNamesAt(parsed.event.latitude, parsed.event.longitude);
    for (const list of candidateLists(parsed.event, index, facts, pvp.evolution_direct_tracking, areas)) for (const positions of list.visit.lists) total += positions.length;
    events++;
  }
  return { meanPerEvent: events > 0 ? total / events : 0, indexSize: index.size, everythingBucket: index.everything.length };
}
