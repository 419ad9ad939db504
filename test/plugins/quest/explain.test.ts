/**
 * "Why didn't I get this alert?" for quest rules: each reason code in words (reward type, reward, form, shiny,
 * amount, a rule of another table, the reach), FIRES for a rule that matches (a summary rule too: it is held after
 * matching), and the property of the issue: over seeded random rules, humans and quests, a human gets an alert from
 * `match` exactly when one of its rules' verdicts fires, and the rule that matched is one of those.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { Human, NamedLocation, TrackingRow } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../bench/random.ts';
import { agreementOverRandomRounds, areaContext, randomPoint, randomReachColumns, unseenCodes } from '../../helpers/explain-agreement.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, matchContext, parsed, questHook, questRow, reward, snapshotWith, NOW_S, type QuestPlugin } from './support.ts';

const ASH = human('u1', { area: ['old town'], latitude: 48.1365, longitude: 11.572 });

function words(verdict: RuleVerdict): string {
  return verdict.text.replace(/\{(\w+)\}/g, (_, name: string) => String(verdict.values?.[name] ?? `{${name}}`));
}

describe('quest explain: the reasons in words', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  const explain = (rule: Record<string, unknown>, rewards: Record<string, unknown>[], options: { areas?: string[]; who?: Human; locations?: NamedLocation[]; table?: string } = {}): RuleVerdict => {
    const row = questRow('u1', rule);
    const event = parsed(plugin, questHook({ rewards }));
    const locations = options.locations && new Map(options.locations.map((l) => [l.label.toLowerCase(), l] as const));
    return plugin.explainRule!(event, { table: options.table ?? 'quest', rule: plugin.trackingTables![0]!.read!(row), human: options.who ?? ASH, locations }, matchContext(options.areas ?? ['Old Town']));
  };
  const RARE_CANDY = [reward(2, { item_id: 1301, amount: 3 })];

  test('a rule that matches fires; a summary rule too (its quest is held after matching)', () => {
    assert.deepEqual(explain({ reward_type: 2, reward: 1301 }, RARE_CANDY), { fires: true, code: 'fires', text: 'would fire' });
    assert.equal(explain({ reward_type: 2, reward: 1301, clean: 4 }, RARE_CANDY).fires, true);
  });

  test('reward_type: the rule wants another kind of reward', () => {
    const v = explain({ reward_type: 3 }, [...RARE_CANDY, reward(1, { amount: 500 })]);
    assert.equal(v.code, 'reward_type');
    assert.equal(words(v), 'the rule is for Stardust rewards, the quest rewards Item, XP');
  });

  test('reward: another item, another pokemon, candy of another pokemon', () => {
    const item = explain({ reward_type: 2, reward: 701 }, RARE_CANDY);
    assert.equal(item.code, 'reward');
    assert.equal(words(item), 'the rule is for Razz Berry, the quest rewards Rare Candy');
    assert.equal(words(explain({ reward_type: 7, reward: 150 }, [reward(7, { pokemon_id: 25 })])), 'the rule is for Mewtwo, the quest rewards Pikachu');
    assert.equal(words(explain({ reward_type: 4, reward: 6 }, [reward(4, { pokemon_id: 25, amount: 3 })])), 'the rule is for Charizard Candy, the quest rewards Pikachu Candy');
  });

  test('form: the rule wants another form of the pokemon', () => {
    const v = explain({ reward_type: 7, reward: 25, form: 46 }, [reward(7, { pokemon_id: 25, form_id: 598 })]);
    assert.equal(v.code, 'form');
    assert.equal(words(v), 'the rule is for the form Pikachu (Alola), the quest rewards Pikachu (Normal)');
  });

  test('shiny: the rule wants a shiny encounter', () => {
    const v = explain({ reward_type: 7, reward: 25, shiny: 1 }, [reward(7, { pokemon_id: 25, shiny: false })]);
    assert.equal(v.code, 'shiny');
    assert.equal(words(v), 'the rule asks for a shiny Pikachu, and the scanner did not report this one shiny');
  });

  test('amount: below the rule minimum; for stardust the larger of reward and amount', () => {
    const item = explain({ reward_type: 2, reward: 1301, amount: 5 }, RARE_CANDY);
    assert.equal(item.code, 'amount');
    assert.equal(words(item), 'amount 3 below the minimum 5');
    assert.equal(words(explain({ reward_type: 3, reward: 1000, amount: 200 }, [reward(3, { amount: 500 })])), 'amount 500 below the minimum 1000');
  });

  test('of several rewards of the rule type, one that fits is enough; else the first is named', () => {
    const two = [reward(2, { item_id: 701, amount: 1 }), reward(2, { item_id: 1301, amount: 3 })];
    assert.equal(explain({ reward_type: 2, reward: 1301 }, two).fires, true);
    assert.equal(words(explain({ reward_type: 2, reward: 1 }, two)), 'the rule is for Poké Ball, the quest rewards Razz Berry');
  });

  test('the reach: outside the areas, too far, no location', () => {
    const outside = explain({ reward_type: 2 }, RARE_CANDY, { areas: ['harbour'] });
    assert.equal(outside.code, 'outside_areas');
    assert.equal(words(outside), 'the event is in harbour, not in any of your areas (old town)');
    const far = explain({ reward_type: 2, distance: 100 }, RARE_CANDY, { who: human('u1', { latitude: 48.2, longitude: 11.572 }) });
    assert.equal(far.code, 'too_far');
    assert.equal(explain({ reward_type: 2, distance: 100 }, RARE_CANDY, { who: human('u1') }).code, 'no_location');
  });

  test('other_kind: a rule of another table', () => {
    const v = explain({}, RARE_CANDY, { table: 'invasion' });
    assert.equal(v.code, 'other_kind');
    assert.equal(words(v), 'a rule of invasion does not apply to this kind of event');
  });

  test('eventIds: the pokestop', () => {
    assert.deepEqual(plugin.eventIds!(parsed(plugin, questHook())), ['stop-1.16']);
  });
});

const CENTRE = { latitude: 48.1365, longitude: 11.572 };
const TYPES = [1, 2, 3, 4, 7, 8, 9, 12];
const ITEMS = [1, 701, 1301];
const POKEMON = [6, 25, 150];
const FORMS = [46, 598];

/** a reward, most often of a type some rule asks for */
function randomReward(random: Random, rows: readonly TrackingRow[]): Record<string, unknown> {
  const type = rows.length > 0 && random.chance(0.7) ? Number(random.pick(rows)['reward_type']) : random.pick(TYPES);
  const amount = random.pick([1, 3, 10, 25, 500, 1500]);
  switch (type) {
    case 2:
      return reward(type, { item_id: random.pick(ITEMS), amount });
    case 3:
      return reward(type, { amount });
    case 7:
      return reward(type, { pokemon_id: random.pick(POKEMON), form_id: random.chance(0.5) ? 0 : random.pick(FORMS), shiny: random.chance(0.3) });
    case 4:
    case 9:
    case 12:
      return reward(type, { pokemon_id: random.pick(POKEMON), amount });
    default:
      return reward(type, { amount });
  }
}

function randomRule(random: Random, humanId: string): TrackingRow {
  const type = random.pick([...TYPES, 11]);
  const id = type === 2 ? random.pick(ITEMS) : type === 3 ? random.pick([100, 1000]) : random.pick(POKEMON);
  return questRow(humanId, {
    reward_type: type,
    reward: random.chance(0.4) ? 0 : id,
    form: type === 7 && random.chance(0.3) ? random.pick(FORMS) : 0,
    amount: random.chance(0.6) ? 0 : random.pick([2, 5, 20, 1000]),
    shiny: random.pick([0, 1, null]),
    clean: random.pick([0, 1, 4]),
    ...randomReachColumns(random),
  });
}

describe('quest explain agrees with match', () => {
  test('300 random quests over random rules of several humans', async () => {
    const plugin = await buildPlugin();
    const { problems, codes } = agreementOverRandomRounds({
      plugin,
      table: 'quest',
      random: seededRandom(24_001),
      centre: CENTRE,
      rule: randomRule,
      snapshot: (humans, rows, locations) => snapshotWith(plugin, humans, rows, locations),
      event: (random, rows) => {
        const rewards = Array.from({ length: random.int(1, 2) }, () => randomReward(random, rows));
        return parsed(plugin, questHook({ ...randomPoint(random, CENTRE.latitude, CENTRE.longitude), rewards }));
      },
      context: (areas) => areaContext(areas, NOW_S * 1000, 'quest'),
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(unseenCodes(codes, ['fires', 'reward_type', 'reward', 'amount', 'form', 'shiny', 'outside_areas', 'too_far', 'no_saved_location']), [], JSON.stringify([...codes]));
  });
});
