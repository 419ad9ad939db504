/**
 * "Why didn't I get this alert?" for invasion rules: each reason code in words (grunt type, boss, gender, a rule of
 * another table, the reach), FIRES for a rule that matches, and the property of the issue: over seeded random
 * rules, humans and invasions, a human gets an alert from `match` exactly when one of its rules' verdicts fires, and
 * the rule that matched is one of those.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreementOverRandomRounds, areaContext, randomPoint, randomReachColumns, unseenCodes } from '../../helpers/explain-agreement.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, invasionHook, invasionRow, matchContext, NOW_S, parsed, snapshotWith, type InvasionPlugin } from './support.ts';

const ASH = human('ash', { area: ['city'], latitude: 48.1365, longitude: 11.572 });
const BUG_FEMALE = { grunt_type: 6, character: 6 };
const MIXED_MALE = { grunt_type: 4, character: 4 };
const CLIFF = { grunt_type: 41, character: 41 };
const KECLEON = { grunt_type: 0, character: 0, display_type: 8 };

function words(verdict: RuleVerdict): string {
  return verdict.text.replace(/\{(\w+)\}/g, (_, name: string) => String(verdict.values?.[name] ?? `{${name}}`));
}

describe('invasion explain: the reasons in words', () => {
  let plugin: InvasionPlugin;
  before(async () => (plugin = await buildPlugin()));

  const explain = (rule: Record<string, unknown>, hook: Record<string, unknown>, options: { areas?: string[]; who?: Human; table?: string } = {}): RuleVerdict => {
    const row = invasionRow('ash', rule);
    const event = parsed(plugin, invasionHook(hook));
    return plugin.explainRule!(event, { table: options.table ?? 'invasion', rule: plugin.trackingTables![0]!.read!(row), human: options.who ?? ASH, locations: undefined }, matchContext(options.areas ?? ['city']));
  };

  test('a rule that matches fires', () => {
    assert.deepEqual(explain({ grunt_type: 'bug', gender: 2 }, BUG_FEMALE), { fires: true, code: 'fires', text: 'would fire' });
    assert.equal(explain({ grunt_type: 'boss' }, CLIFF).fires, true);
    assert.equal(explain({ grunt_type: 'kecleon' }, KECLEON).fires, true);
  });

  test('grunt_type: another type, a boss rule and a grunt, an event rule and a grunt', () => {
    const other = explain({ grunt_type: 'ghost' }, BUG_FEMALE);
    assert.equal(other.code, 'grunt_type');
    assert.equal(words(other), 'the rule is for ghost, the invasion is bug');
    assert.equal(words(explain({ grunt_type: 'boss' }, MIXED_MALE)), 'the rule is for any leader or Giovanni, the invasion is mixed');
    assert.equal(words(explain({ grunt_type: 'kecleon' }, BUG_FEMALE)), 'the rule is for kecleon, the invasion is bug');
  });

  test('gender: another gender, or a stop event that has none', () => {
    const v = explain({ gender: 2 }, MIXED_MALE);
    assert.equal(v.code, 'gender');
    assert.equal(words(v), 'the rule asks for a female grunt, the invasion is male');
    assert.equal(words(explain({ gender: 1 }, KECLEON)), 'the rule asks for a male grunt, the invasion is without a gender');
  });

  test('the reach: an area override elsewhere, too far', () => {
    const v = explain({ override_areas: '["harbour"]' }, BUG_FEMALE);
    assert.equal(v.code, 'outside_rule_areas');
    assert.equal(words(v), "the event is in city, outside the rule's areas harbour");
    assert.equal(explain({ distance: 50 }, { ...BUG_FEMALE, latitude: 48.2 }).code, 'too_far');
  });

  test('other_kind: a rule of another table', () => {
    assert.equal(words(explain({}, BUG_FEMALE, { table: 'lures' })), 'a rule of lures does not apply to this kind of event');
  });

  test('eventIds: the stop and the incident', () => {
    assert.deepEqual(plugin.eventIds!(parsed(plugin, invasionHook())), ['stop-1', '4469227166437465786']);
    assert.deepEqual(plugin.eventIds!(parsed(plugin, invasionHook({ id: undefined }))), ['stop-1']);
  });
});

const CENTRE = { latitude: 48.1365, longitude: 11.572 };
const GRUNTS = [4, 5, 6, 7, 41, 44, 47, 99];
const RULE_WORDS = ['everything', 'everything', 'boss', 'bug', 'mixed', 'ghost', 'cliff', 'giovanni', 'kecleon', 'gold-stop', 'showcase'];

function randomInvasion(random: Random): Record<string, unknown> {
  const place = randomPoint(random, CENTRE.latitude, CENTRE.longitude);
  if (random.chance(0.25)) return { ...place, grunt_type: 0, character: 0, display_type: random.pick([7, 8, 9]) };
  const grunt = random.pick(GRUNTS);
  return { ...place, grunt_type: grunt, character: grunt, display_type: 1 };
}

function randomRule(random: Random, humanId: string): TrackingRow {
  return invasionRow(humanId, { grunt_type: random.pick(RULE_WORDS), gender: random.pick([0, 0, 1, 2]), ...randomReachColumns(random) });
}

describe('invasion explain agrees with match', () => {
  test('300 random invasions over random rules of several humans', async () => {
    const plugin = await buildPlugin();
    const { problems, codes } = agreementOverRandomRounds({
      plugin,
      table: 'invasion',
      random: seededRandom(24_002),
      centre: CENTRE,
      rule: randomRule,
      snapshot: (humans, rows, locations) => snapshotWith(plugin, humans, rows, locations),
      event: (random) => parsed(plugin, invasionHook(randomInvasion(random))),
      context: (areas) => areaContext(areas, NOW_S * 1000, 'invasion'),
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(unseenCodes(codes, ['fires', 'grunt_type', 'gender', 'outside_areas', 'too_far', 'no_saved_location']), [], JSON.stringify([...codes]));
  });
});
