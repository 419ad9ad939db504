/**
 * Matching invasions, table-driven over each filter and sentinel of the `invasion` table: grunt_type
 * (`everything`, `boss`, a type, a leader, a stop event), gender (0 = any), the rule modes (areas, override
 * areas, distance) and one alert per human.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, invasionHook, invasionRow, matchContext, matchedUids, parsed, snapshotWith } from './support.ts';

const BUG_FEMALE = { grunt_type: 6, character: 6 };
const MIXED_MALE = { grunt_type: 4, character: 4 };
const CLIFF = { grunt_type: 41, character: 41 };
const GIOVANNI = { grunt_type: 44, character: 44 };
const KECLEON = { grunt_type: 0, character: 0, display_type: 8 };
const GOLD_STOP = { grunt_type: 0, character: 0, display_type: 7 };

interface Case {
  readonly name: string;
  readonly rule: Record<string, unknown>;
  readonly hook: Record<string, unknown>;
  readonly matches: boolean;
}

const CASES: readonly Case[] = [
  { name: 'everything matches a grunt', rule: {}, hook: BUG_FEMALE, matches: true },
  { name: 'everything matches a stop event', rule: {}, hook: KECLEON, matches: true },
  { name: 'a type matches its typed grunt', rule: { grunt_type: 'bug' }, hook: BUG_FEMALE, matches: true },
  { name: 'a type misses another type', rule: { grunt_type: 'ghost' }, hook: BUG_FEMALE, matches: false },
  { name: 'mixed matches the untyped grunt', rule: { grunt_type: 'mixed' }, hook: MIXED_MALE, matches: true },
  { name: 'a stored grunt type is compared case-insensitively', rule: { grunt_type: 'Bug' }, hook: BUG_FEMALE, matches: true },
  { name: 'a leader by name', rule: { grunt_type: 'cliff' }, hook: CLIFF, matches: true },
  { name: 'giovanni by name', rule: { grunt_type: 'giovanni' }, hook: GIOVANNI, matches: true },
  { name: 'boss matches a leader', rule: { grunt_type: 'boss' }, hook: CLIFF, matches: true },
  { name: 'boss matches giovanni', rule: { grunt_type: 'boss' }, hook: GIOVANNI, matches: true },
  { name: 'boss misses a grunt', rule: { grunt_type: 'boss' }, hook: BUG_FEMALE, matches: false },
  { name: 'kecleon by event name', rule: { grunt_type: 'kecleon' }, hook: KECLEON, matches: true },
  { name: 'gold-stop by event name', rule: { grunt_type: 'gold-stop' }, hook: GOLD_STOP, matches: true },
  { name: 'an event name misses a grunt', rule: { grunt_type: 'kecleon' }, hook: MIXED_MALE, matches: false },
  { name: 'gender 0 is any', rule: { gender: 0 }, hook: MIXED_MALE, matches: true },
  { name: 'gender 2 matches a female grunt', rule: { gender: 2 }, hook: BUG_FEMALE, matches: true },
  { name: 'gender 2 misses a male grunt', rule: { gender: 2 }, hook: MIXED_MALE, matches: false },
  { name: 'a gendered rule misses a stop event', rule: { gender: 1 }, hook: KECLEON, matches: false },
  { name: 'an area override inside', rule: { override_areas: '["downtown"]' }, hook: {}, matches: true },
  { name: 'an area override elsewhere', rule: { override_areas: '["harbour"]' }, hook: {}, matches: false },
  { name: 'distance within reach of the human', rule: { distance: 1000 }, hook: { latitude: 48.137, longitude: 11.573 }, matches: true },
  { name: 'distance out of reach', rule: { distance: 50 }, hook: { latitude: 48.2, longitude: 11.6 }, matches: false },
];

describe('invasion match', () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const plugin = await buildPlugin();
      const ash = human('ash', { area: ['city'], latitude: 48.1365, longitude: 11.572 });
      const row = invasionRow('ash', c.rule);
      const uids = matchedUids(plugin, snapshotWith(plugin, [ash], [row]), invasionHook(c.hook), ['city', 'downtown']);
      assert.deepEqual(uids, c.matches ? [row.uid] : []);
    });
  }

  test('outside the human areas nothing matches; several rules of one human give one alert', async () => {
    const plugin = await buildPlugin();
    const ash = human('ash', { area: ['city'] });
    const rows = [invasionRow('ash'), invasionRow('ash', { grunt_type: 'bug' })];
    const snapshot = snapshotWith(plugin, [ash], rows);
    assert.deepEqual(matchedUids(plugin, snapshot, invasionHook(BUG_FEMALE), ['elsewhere']), []);
    assert.deepEqual(matchedUids(plugin, snapshot, invasionHook(BUG_FEMALE), ['city']), [rows[0]!.uid]);
  });

  test('the match carries the rule settings and the invasion alert type', async () => {
    const plugin = await buildPlugin();
    const ash = human('ash', { area: ['city'] });
    const row = invasionRow('ash', { template: '3', ping: '<@1>', clean: 1 });
    const snapshot = snapshotWith(plugin, [ash], [row]);
    const [match] = plugin.match(parsed(plugin, invasionHook()), snapshot, snapshot.index(plugin.name), matchContext(['city']));
    assert.deepEqual([match?.alertType, match?.templateId, match?.ping, match?.clean, match?.table], ['invasion', '3', '<@1>', 1, 'invasion']);
  });
});
