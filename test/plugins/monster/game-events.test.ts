/** The events feed: which events count, wall-clock times in the spot's zone, the first start or end before despawn. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EVENTS_SOURCE, futureEventOf, NO_FUTURE_EVENT, wallClockMs } from '../../../plugins/monster/game-events.ts';
import { GameData } from '../../../core/gamedata/index.ts';

const FEED = [
  { name: 'Gible Community Day', eventType: 'community-day', heading: 'Community Day', start: '2026-11-29 14:00', end: '2026-11-29 17:00' },
  { name: 'Shuppet Spotlight Hour', eventType: 'pokemon-spotlight-hour', start: '2026-12-01T18:00:00', end: '2026-12-01T19:00:00' },
  { name: 'Raid Hour', eventType: 'raid-hour', start: '2026-12-02 18:00', end: '2026-12-02 19:00' },
];

test('the feed: valid shape, only spawn-changing events', () => {
  assert.equal(EVENTS_SOURCE.looksValid(FEED), true);
  assert.equal(EVENTS_SOURCE.looksValid({ events: [] }), false);
  assert.equal(EVENTS_SOURCE.refreshes, true);
  assert.deepEqual(EVENTS_SOURCE.parse(FEED, GameData.empty()).map((e) => e.name), ['Gible Community Day', 'Shuppet Spotlight Hour']);
  assert.deepEqual(EVENTS_SOURCE.parse(undefined, GameData.empty()), []);
});

test('feed times are the wall clock of the spot', () => {
  assert.equal(wallClockMs('2026-11-29 14:00', 'Europe/Berlin'), Date.UTC(2026, 10, 29, 13, 0));
  assert.equal(wallClockMs('2026-07-01T14:00:00', 'Europe/Berlin'), Date.UTC(2026, 6, 1, 12, 0), 'summer time');
  assert.equal(wallClockMs('2026-11-29 14:00', 'America/New_York'), Date.UTC(2026, 10, 29, 19, 0));
  assert.equal(wallClockMs('soon', 'UTC'), null);
});

test('a despawn after an event starts or ends', () => {
  const events = EVENTS_SOURCE.parse(FEED, GameData.empty());
  const at = (h: number, m = 0) => Date.UTC(2026, 10, 29, h, m);
  // Berlin: the community day runs 13:00–16:00 UTC
  assert.deepEqual(futureEventOf(events, at(12, 40), at(13, 10), 'Europe/Berlin'), { futureEvent: true, futureEventName: 'Gible Community Day', futureEventTime: '14:00', futureEventTrigger: 'start' });
  assert.deepEqual(futureEventOf(events, at(15, 50), at(16, 20), 'Europe/Berlin'), { futureEvent: true, futureEventName: 'Gible Community Day', futureEventTime: '17:00', futureEventTrigger: 'end' });
  assert.deepEqual(futureEventOf(events, at(13, 10), at(13, 40), 'Europe/Berlin'), NO_FUTURE_EVENT, 'during the event: nothing changes');
  assert.deepEqual(futureEventOf(events, at(12, 40), at(13, 10), 'America/New_York'), NO_FUTURE_EVENT, 'in New York it starts at 19:00 UTC');
});

test('a sighting in Berlin despawning after the community day starts: the feed of its game data', async () => {
  const { buildGameData } = await import('../../../core/gamedata/game-data.ts');
  const { parseMonster } = await import('../../../plugins/monster/parse.ts');
  const { futureEventFor } = await import('../../../plugins/monster/game-events.ts');
  const { pokemonHook } = await import('./support.ts');
  const data = buildGameData({ files: { events: FEED } });
  const now = Date.UTC(2026, 10, 29, 12, 40);
  const sighting = (despawnMs: number) => {
    const outcome = parseMonster(pokemonHook({ latitude: 52.52, longitude: 13.405, disappear_time: despawnMs / 1000 }));
    if (!outcome.ok) throw new Error(outcome.reason);
    return outcome.event;
  };
  assert.equal(futureEventFor(data, sighting(Date.UTC(2026, 10, 29, 13, 10)), now).futureEventName, 'Gible Community Day');
  assert.deepEqual(futureEventFor(data, sighting(Date.UTC(2026, 10, 29, 12, 55)), now), NO_FUTURE_EVENT, 'gone before it starts');
  assert.deepEqual(futureEventFor(GameData.empty(), sighting(Date.UTC(2026, 10, 29, 13, 10)), now), NO_FUTURE_EVENT, 'no feed');
});
