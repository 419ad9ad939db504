import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Match, MatchContext } from '../../../core/contract.ts';
import { collectReached, type ReachableRule } from '../../../core/match/reached.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { human } from '../../helpers/humans.ts';

const POINT = { latitude: 51.5, longitude: -0.1 };
const ctx: MatchContext = { meta: { eventId: 'e', webhookType: 't', receivedAt: 0 }, log: silentLogger(), now: () => 0, fences: [], areaNames: new Set(['downtown']) };
const rule = (uid: number, humanId: string, extra: Partial<ReachableRule> = {}): ReachableRule & { ok: boolean } => ({
  uid, humanId, reach: { distance: 0, locationLabel: null, areas: null }, templateId: null, ping: '', ok: true, ...extra,
});

describe('collectReached', () => {
  const snapshot = buildSnapshot({ humans: [human('in', { area: ['downtown'] }), human('out', { area: ['harbour'] })], profiles: [], locations: [], tables: new Map() }, 1, [], 0);
  const target = { snapshot, ctx, point: POINT, table: 'things', alertType: 'thing' };

  test('rules that pass, whose human exists and which reach the point become matches, in order, duplicates kept', () => {
    const into: Match[] = [];
    const rules = [rule(1, 'in', { clean: 1, templateId: '2', ping: '@x' }), rule(2, 'out'), rule(3, 'gone'), { ...rule(4, 'in'), ok: false }, rule(5, 'in')];
    collectReached(rules, (r) => r.ok, target, into);
    assert.deepEqual(into.map((m) => [m.ruleUid, m.human.id, m.table, m.alertType, m.templateId, m.ping, m.clean]), [
      [1, 'in', 'things', 'thing', '2', '@x', 1],
      [5, 'in', 'things', 'thing', null, '', 0],
    ]);
  });
});
