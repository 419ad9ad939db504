/**
 * "Why didn't I get this alert?" for lure rules: each reason code in words (lure type, a rule of another table, the
 * reach), FIRES for a rule that matches, and the property of the issue: over seeded random rules, humans and lures,
 * a human gets an alert from `match` exactly when one of its rules' verdicts fires, and the rule that matched is one
 * of those.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { Human, NamedLocation, TrackingRow } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreementOverRandomRounds, areaContext, randomPoint, randomReachColumns, unseenCodes } from '../../helpers/explain-agreement.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, lureRow, matchContext, NOW_S, parsed, snapshotWith, stopHook, type LurePlugin } from './support.ts';

const ASH = human('ash', { area: ['city'], latitude: 48.1365, longitude: 11.572 });

function words(verdict: RuleVerdict): string {
  return verdict.text.replace(/\{(\w+)\}/g, (_, name: string) => String(verdict.values?.[name] ?? `{${name}}`));
}

describe('lure explain: the reasons in words', () => {
  let plugin: LurePlugin;
  before(async () => (plugin = await buildPlugin()));

  const explain = (rule: Record<string, unknown>, hook: Record<string, unknown>, options: { areas?: string[]; who?: Human; locations?: NamedLocation[]; table?: string } = {}): RuleVerdict => {
    const row = lureRow('ash', rule);
    const event = parsed(plugin, stopHook(hook));
    const locations = options.locations && new Map(options.locations.map((l) => [l.label.toLowerCase(), l] as const));
    return plugin.explainRule!(event, { table: options.table ?? 'lures', rule: plugin.trackingTables![0]!.read!(row), human: options.who ?? ASH, locations }, matchContext(options.areas ?? ['city']));
  };

  test('a rule that matches fires: its lure, or any lure', () => {
    assert.deepEqual(explain({ lure_id: 503 }, { lure_id: 503 }), { fires: true, code: 'fires', text: 'would fire' });
    assert.equal(explain({ lure_id: 0 }, { lure_id: 506 }).fires, true);
  });

  test('lure_type: another lure', () => {
    const v = explain({ lure_id: 502 }, { lure_id: 503 });
    assert.equal(v.code, 'lure_type');
    assert.equal(words(v), 'the rule is for Glacial lures, the lure is Mossy');
  });

  test('the reach: outside the areas, a saved location gone, too far from one', () => {
    assert.equal(words(explain({}, {}, { areas: ['harbour'] })), 'the event is in harbour, not in any of your areas (city)');
    const gone = explain({ distance: 500, override_location_label: 'Home' }, {});
    assert.equal(gone.code, 'no_saved_location');
    assert.equal(words(gone), 'the rule measures from your saved location "Home", which no longer exists');
    const home = { uid: 1, humanId: 'ash', label: 'Home', latitude: 48.2, longitude: 11.572 };
    const far = explain({ distance: 500, override_location_label: 'home' }, {}, { locations: [home] });
    assert.equal(far.code, 'too_far');
    assert.match(words(far), /^the event is 7\.\d+ km from your saved location "home", beyond the rule's 500 m$/);
  });

  test('other_kind: a rule of another table', () => {
    assert.equal(words(explain({}, {}, { table: 'invasion' })), 'a rule of invasion does not apply to this kind of event');
  });

  test('eventIds: the stop', () => {
    assert.deepEqual(plugin.eventIds!(parsed(plugin, stopHook())), ['stop-7']);
  });
});

const CENTRE = { latitude: 48.1365, longitude: 11.572 };
const LURES = [501, 502, 503, 504, 505, 506];

function randomRule(random: Random, humanId: string): TrackingRow {
  return lureRow(humanId, { lure_id: random.chance(0.3) ? 0 : random.pick(LURES), ...randomReachColumns(random) });
}

describe('lure explain agrees with match', () => {
  test('300 random lures over random rules of several humans', async () => {
    const plugin = await buildPlugin();
    const { problems, codes } = agreementOverRandomRounds({
      plugin,
      table: 'lures',
      random: seededRandom(24_003),
      centre: CENTRE,
      rule: randomRule,
      snapshot: (humans, rows, locations) => snapshotWith(plugin, humans, rows, locations),
      event: (random) => parsed(plugin, stopHook({ ...randomPoint(random, CENTRE.latitude, CENTRE.longitude), lure_id: random.pick(LURES) })),
      context: (areas) => areaContext(areas, NOW_S * 1000, 'pokestop'),
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(unseenCodes(codes, ['fires', 'lure_type', 'outside_areas', 'too_far', 'no_saved_location', 'no_location']), [], JSON.stringify([...codes]));
  });
});
