/**
 * [area_security] strict_locations in the match step: a recipient with an area restriction (a community member)
 * is matched only by events inside one of its restricted areas; recipients without one (channels, webhooks) and
 * every recipient with the option off are matched as before.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnyAlertPlugin, HookContext, Plugin } from '../../../core/contract.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { matchEvent } from '../../../core/pipeline/match-step.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { recordingPlatform } from '../../fixtures/recording-platform.ts';
import { human, sightingRule } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { fence, SPOT_TABLE, spotPlugin } from '../enrich/fixtures.ts';

const plugin = spotPlugin() as unknown as AnyAlertPlugin;
const people = [human('member', { areaRestriction: ['Old Town'] }), human('elsewhere', { areaRestriction: ['north park'] }), human('channel')];
const snapshot = buildSnapshot({ humans: people, profiles: [], locations: [], tables: new Map([[SPOT_TABLE, people.map((p) => sightingRule(p.id, 0))]]) }, 1, [], Date.now());
const registry = PluginRegistry.create([plugin as unknown as Plugin, recordingPlatform().plugin]);
const ctx = { meta: { eventId: 'e1', webhookType: 'spot', receivedAt: 0 } } as HookContext;

function recipients(strictLocations: boolean, inside: readonly string[]): string[] {
  const metrics = createMetrics({ collectProcess: false });
  const options = { registry, snapshot: () => snapshot, hooks: createHookCaller(captureLog().log, metrics), metrics, fencesAt: () => inside.map((name) => fence(name)), strictLocations };
  const event = { id: 'p1', lat: 51.5, lon: 0, expires: 0, title: '' };
  return matchEvent(options, plugin, event, ctx).matches.map((m) => m.human.id).sort();
}

describe('strict locations', () => {
  test('restricted recipients only from inside their areas (any case); unrestricted ones always', () => {
    assert.deepEqual(recipients(true, ['Old Town']), ['channel', 'member']);
    assert.deepEqual(recipients(true, ['North Park', 'Harbour']), ['channel', 'elsewhere']);
    assert.deepEqual(recipients(true, []), ['channel']);
  });

  test('off: everyone the plugin matched', () => {
    assert.deepEqual(recipients(false, []), ['channel', 'elsewhere', 'member']);
  });
});
