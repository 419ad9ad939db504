/**
 * The explain history: a ring per plugin bounded by count and by age, entries found by event id across plugins,
 * outcomes recorded per recipient, and the sizes /metrics reports.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EventHistory, outcomeOf, type HistoryEntry } from '../../../core/explain/event-history.ts';

function entry(plugin: string, eventId: string, at: number, event: unknown = { id: eventId }): HistoryEntry {
  return { eventId, plugin, event, receivedAt: at, matchedAt: at, location: null, areaNames: new Set(), matched: 0, duplicate: false, outcomes: null };
}

describe('EventHistory', () => {
  test('keeps the newest events per plugin up to the count; an evicted event is no longer found', () => {
    let now = 1000;
    const history = new EventHistory({ perType: 3, maxAgeMs: 60_000, now: () => now });
    for (let i = 1; i <= 5; i++) history.record(entry('monster', `m${i}`, now++));
    history.record(entry('raid', 'r1', now++));
    assert.deepEqual([...history.newestFirst('monster')].map((e) => e.eventId), ['m5', 'm4', 'm3']);
    assert.deepEqual(history.byEventId('m1'), []);
    assert.equal(history.byEventId('m4')[0]!.eventId, 'm4');
    assert.deepEqual([...history.newestFirst()].map((e) => e.eventId), ['r1', 'm5', 'm4', 'm3'], 'all plugins, newest first');
    assert.deepEqual(history.sizes().map((s) => [s.plugin, s.events]), [['monster', 3], ['raid', 1]]);
  });

  test('forgets events older than the age limit, also when nothing new arrives', () => {
    let now = 0;
    const history = new EventHistory({ perType: 100, maxAgeMs: 1000, now: () => now });
    history.record(entry('monster', 'old', 0));
    now = 600;
    history.record(entry('monster', 'new', 600));
    now = 1200;
    assert.deepEqual([...history.newestFirst('monster')].map((e) => e.eventId), ['new']);
    assert.deepEqual(history.byEventId('old'), []);
    assert.deepEqual(history.sizes()[0]!.events, 1);
    now = 5000;
    assert.deepEqual(history.sizes()[0]!.events, 0);
  });

  test('one webhook item taken by two plugins is two entries under one event id; outcomes go to the right one', () => {
    const history = new EventHistory({ perType: 10, maxAgeMs: 60_000, now: () => 10 });
    history.record(entry('quest', 'ev-1', 10));
    history.record(entry('invasion', 'ev-1', 10));
    history.outcome('invasion', 'ev-1', 'human-a', { kind: 'delivered', at: 11, latencyMs: 1, platform: 'discord' });
    history.outcome('quest', 'gone', 'human-a', { kind: 'delivered', at: 11, latencyMs: 1, platform: 'discord' });
    const [a, b] = history.byEventId('ev-1');
    const byPlugin = new Map([a!, b!].map((e) => [e.plugin, e]));
    assert.equal(outcomeOf(byPlugin.get('invasion')!, 'human-a')!.kind, 'delivered');
    assert.equal(byPlugin.get('quest')!.outcomes, null);
  });

  test('keeping nothing: events_per_type 0 records nothing', () => {
    const history = new EventHistory({ perType: 0, maxAgeMs: 60_000, now: () => 0 });
    history.record(entry('monster', 'm1', 0));
    assert.equal(history.enabled, false);
    assert.deepEqual(history.sizes(), []);
  });

  test('the memory estimate grows with the events kept and their size', () => {
    const history = new EventHistory({ perType: 1000, maxAgeMs: 60_000, now: () => 0 });
    for (let i = 0; i < 200; i++) history.record(entry('monster', `m${i}`, 0, { id: i, name: 'x'.repeat(500) }));
    const [size] = history.sizes();
    assert.ok(size!.bytes > 200 * 1000, `estimated ${size!.bytes} bytes for 200 events of ~520 characters`);
  });
});
