/**
 * "Why didn't I get this alert?" for fort-update rules: each reason code in words (fort type, empty fort, change
 * type, a rule of another table, the reach), FIRES for a rule that matches, and the property of the issue: over
 * seeded random rules, humans and fort updates, a human gets an alert from `match` exactly when one of its rules'
 * verdicts fires, and the rule that matched is one of those.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RuleVerdict } from '../../../core/explain/verdict.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { seededRandom, type Random } from '../../../test/bench/random.ts';
import { agreementOverRandomRounds, areaContext, randomPoint, randomReachColumns, unseenCodes } from '../../../test/helpers/explain-agreement.ts';
import { human } from '../../../test/helpers/humans.ts';
import { buildFort, fortHook, fortRow, fortSide, matchContext, parsed, snapshotWith } from './support.ts';

const plugin = await buildFort();
const ash = human('ash', { area: ['downtown'], latitude: 48.1365, longitude: 11.572 });
const EMPTY = { name: null, description: null };

function words(verdict: RuleVerdict): string {
  return verdict.text.replace(/\{(\w+)\}/g, (_, name: string) => String(verdict.values?.[name] ?? `{${name}}`));
}

function explain(row: Record<string, unknown>, hook: Record<string, unknown>, areas: readonly string[] = ['downtown'], table = 'forts'): RuleVerdict {
  const rule = plugin.trackingTables![0]!.read!(fortRow('ash', row));
  return plugin.explainRule!(parsed(plugin, fortHook(hook)), { table, rule, human: ash, locations: undefined }, matchContext(areas));
}

describe('fort-update explain: the reasons in words', () => {
  test('a rule that matches fires', () => {
    assert.deepEqual(explain({}, {}), { fires: true, code: 'fires', text: 'would fire' });
    assert.equal(explain({ fort_type: 'pokestop', change_types: '["name"]' }, {}).fires, true);
  });

  test('fort_type: a gym rule, a stop edited', () => {
    const v = explain({ fort_type: 'gym' }, {});
    assert.equal(v.code, 'fort_type');
    assert.equal(words(v), 'the rule is for gym updates, the fort is a pokestop');
  });

  test('empty_fort: include_empty 0 and a fort without name or description', () => {
    const v = explain({ include_empty: 0 }, { change_type: 'new', old: null, new: fortSide(EMPTY) });
    assert.equal(v.code, 'empty_fort');
    assert.equal(words(v), 'the fort has neither a name nor a description, and the rule leaves such forts out');
  });

  test('change_type: the rule wants other changes', () => {
    const v = explain({ change_types: '["description","removal"]' }, { edit_types: ['name', 'image_url'] });
    assert.equal(v.code, 'change_type');
    assert.equal(words(v), 'the rule is for changes of description, removal, the update is name, image_url');
  });

  test('the reach: outside the areas', () => {
    assert.equal(explain({}, {}, ['uptown']).code, 'outside_areas');
    assert.equal(explain({}, {}, []).code, 'no_areas');
  });

  test('other_kind: a rule of another table', () => {
    assert.equal(words(explain({}, {}, ['downtown'], 'gym')), 'a rule of gym does not apply to this kind of event');
  });

  test('eventIds: the fort', () => {
    assert.deepEqual(plugin.eventIds!(parsed(plugin, fortHook())), ['fort-1.16']);
  });
});

const CENTRE = { latitude: 48.1365, longitude: 11.572 };
const FORT_TYPES = ['pokestop', 'gym', 'station'];
const EDITS = ['name', 'description', 'image_url', 'location'];

function randomSide(random: Random, type: string): Record<string, unknown> {
  const at = randomPoint(random, CENTRE.latitude, CENTRE.longitude);
  return fortSide({
    type,
    name: random.chance(0.7) ? 'Bench' : null,
    description: random.chance(0.5) ? 'A bench' : null,
    location: { lat: at.latitude, lon: at.longitude },
  });
}

function randomUpdate(random: Random): Record<string, unknown> {
  const type = random.pick(FORT_TYPES);
  switch (random.pick(['new', 'edit', 'edit', 'removal'])) {
    case 'new':
      return { change_type: 'new', old: null, new: randomSide(random, type), edit_types: null };
    case 'removal':
      return { change_type: 'removal', old: randomSide(random, type), new: null, edit_types: null };
    default:
      return { change_type: 'edit', old: randomSide(random, type), new: randomSide(random, type), edit_types: EDITS.filter(() => random.chance(0.4)) };
  }
}

function randomRule(random: Random, humanId: string): TrackingRow {
  const kinds = [...EDITS, 'new', 'removal'].filter(() => random.chance(0.25));
  return fortRow(humanId, {
    fort_type: random.pick(['everything', 'everything', ...FORT_TYPES]),
    include_empty: random.pick([0, 1]),
    change_types: random.chance(0.1) ? 'oops' : JSON.stringify(kinds),
    ...randomReachColumns(random),
  });
}

describe('fort-update explain agrees with match', () => {
  test('300 random fort updates over random rules of several humans', () => {
    const { problems, codes } = agreementOverRandomRounds({
      plugin,
      table: 'forts',
      random: seededRandom(24_004),
      centre: CENTRE,
      rule: randomRule,
      snapshot: (humans, rows, locations) => snapshotWith(plugin, humans, rows, locations),
      event: (random) => parsed(plugin, randomUpdate(random)),
      context: (areas) => areaContext(areas, 0, 'fort_update'),
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(unseenCodes(codes, ['fires', 'fort_type', 'empty_fort', 'change_type', 'outside_areas', 'too_far', 'no_saved_location']), [], JSON.stringify([...codes]));
  });
});
