/**
 * Earlier recipients of a thing (AlertPlugin.followUpKey): an event that is news for everyone who got a message about
 * its thing reaches those remembered for the key whose rules did not match it, as the key's followUpAlertType with
 * their default template; only enabled, not admin-disabled registrations of the same type that do not block the
 * kind. An event that is no news (null key, or a key without followUpAlertType) changes nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defineAlertPlugin, type AnyAlertPlugin, type EditKey, type HookContext, type Match, type Plugin } from '../../../core/contract.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { withEarlierRecipients } from '../../../core/pipeline/earlier-recipients.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { recordingPlatform } from '../../fixtures/recording-platform.ts';
import { human } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';

const TABLE = 'test_things';

function thingPlugin(key: EditKey | null): AnyAlertPlugin {
  return defineAlertPlugin<{ id: string }, undefined>({
    kind: 'alert',
    name: 'thing',
    webhookTypes: ['thing'],
    alertTypes: ['thing', 'thingChanged'],
    trackingTables: [{ table: TABLE, blockKind: 'thing' }],
    parse: (raw) => ({ ok: true, event: raw as { id: string } }),
    match: () => [],
    repliesToEarlier: true,
    followUpKey: () => key,
  }) as unknown as AnyAlertPlugin;
}

const people = [
  human('matched'),
  human('earlier'),
  human('stopped', { enabled: false }),
  human('disabled', { adminDisable: true }),
  human('blocking', { blockedAlerts: ['thing'] }),
  human('other-type'),
];
const snapshot = buildSnapshot({ humans: people, profiles: [], locations: [], tables: new Map() }, 1, [], Date.now());
const ctx = { meta: { eventId: 'e1', webhookType: 'thing', receivedAt: 0 } } as HookContext;
const remembered = [...people.map((p) => ({ id: p.id, type: p.id === 'other-type' ? 'other:user' : p.type })), { id: 'gone', type: 'test:user' }];

function recipients(key: EditKey | null): Match[] {
  const plugin = thingPlugin(key);
  const registry = PluginRegistry.create([plugin as unknown as Plugin, recordingPlatform().plugin]);
  const hooks = createHookCaller(captureLog().log, createMetrics({ collectProcess: false }));
  const matched: Match = { human: people[0]!, table: TABLE, ruleUid: 7, alertType: 'thing', templateId: '2', ping: '', clean: 1 };
  return [...withEarlierRecipients({ hooks, registry, snapshot: () => snapshot }, (k) => (k === 'thing:1' ? remembered : []), plugin, { id: '1' }, [matched], ctx)];
}

describe('earlier recipients', () => {
  test('news: those remembered and not matched, as the follow-up type with their default template', () => {
    const all = recipients({ key: 'thing:1', until: Number.MAX_SAFE_INTEGER, followUpAlertType: 'thingChanged' });
    assert.deepEqual(all.map((m) => [m.human.id, m.alertType, m.templateId, m.ruleUid, m.clean]), [
      ['matched', 'thing', '2', 7, 1],
      ['earlier', 'thingChanged', null, 0, 0],
    ]);
  });

  test('no news: the matches as they are', () => {
    assert.deepEqual(recipients(null).map((m) => m.human.id), ['matched']);
    assert.deepEqual(recipients({ key: 'thing:1', until: Number.MAX_SAFE_INTEGER }).map((m) => m.human.id), ['matched']);
    assert.deepEqual(recipients({ key: 'thing:2', until: Number.MAX_SAFE_INTEGER, followUpAlertType: 'thingChanged' }).map((m) => m.human.id), ['matched']);
  });
});
