/**
 * The `track` argument parser, as a pure function over the fixture game data: species selection, every
 * filter keyword, PVP, reach (d:, area:, location:) with the spec's rule errors, `everything` permissions.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MonsterDraft } from '../../../../plugins/monster/commands/columns.ts';
import { parseTrack } from '../../../../plugins/monster/commands/track-parse.ts';
import { fill, parseOptions, tokens, type OptionOverrides } from './support.ts';

async function parse(text: string, overrides: OptionOverrides = {}) {
  const { args, rawArgs } = tokens(text);
  return parseTrack(args, rawArgs, await parseOptions(overrides));
}

async function rules(text: string, overrides: OptionOverrides = {}): Promise<readonly MonsterDraft[]> {
  const result = await parse(text, overrides);
  if (!result.ok) assert.fail(`"${text}" was refused: ${fill(result.error.text, result.error.vars)}`);
  if (result.value.kind !== 'track') assert.fail(`"${text}" became a removal`);
  return result.value.rules;
}

async function rule(text: string, overrides: OptionOverrides = {}): Promise<MonsterDraft> {
  const all = await rules(text, overrides);
  assert.equal(all.length, 1, `"${text}" should make one rule`);
  return all[0]!;
}

async function refusal(text: string, overrides: OptionOverrides = {}): Promise<string> {
  const result = await parse(text, overrides);
  if (result.ok) assert.fail(`"${text}" should be refused`);
  return fill(result.error.text, result.error.vars);
}

const species = (list: readonly MonsterDraft[]): string[] => list.map((r) => `${r.pokemon_id}/${r.form}`);

describe('track: species', () => {
  test('a name, a dex number and an alias', async () => {
    assert.deepEqual(species(await rules('pikachu')), ['25/0']);
    assert.deepEqual(species(await rules('150')), ['150/0']);
    assert.deepEqual(species(await rules('nidoran_f')), ['29/0']);
    assert.deepEqual(species(await rules('pikachu 150 snorlax')), ['25/0', '150/0', '143/0']);
  });

  test('a multi-word name typed as separate words is joined', async () => {
    assert.deepEqual(species(await rules('mr mime iv90')), ['122/0']);
  });

  test('name+ adds every evolution', async () => {
    assert.deepEqual(species(await rules('pikachu+')), ['25/0', '26/0']);
    assert.deepEqual(species(await rules('rattata+')), ['19/0', '20/0']);
  });

  test('a type name selects every pokemon of that type', async () => {
    assert.deepEqual(species(await rules('electric')), ['25/0', '26/0']);
    assert.deepEqual(species(await rules('water')), ['131/0', '382/0']);
  });

  test('gen<N> selects the species of that generation, and narrows names and types', async () => {
    assert.deepEqual(species(await rules('gen3')), ['382/0']);
    assert.deepEqual(species(await rules('gen:4')), ['445/0']);
    assert.deepEqual(species(await rules('water gen1')), ['131/0']);
  });

  test('form:<name> picks that form of the selected species', async () => {
    assert.deepEqual(species(await rules('rattata form:alola')), ['19/46']);
    assert.deepEqual(species(await rules('gen1 form:alola')), ['19/46']);
  });

  test('an unknown form is refused', async () => {
    assert.match(await refusal('pikachu form:alola'), /Form `alola` not recognised/);
  });

  test('no species → No pokemon specified', async () => {
    assert.equal(await refusal('iv90'), 'No pokemon specified');
    assert.equal(await refusal('pikachu gen2'), 'No pokemon specified');
  });

  test('unknown tokens are reported, all of them, and nothing is built', async () => {
    assert.equal(await refusal('pikachu foo iv90 Bar'), 'Unrecognized: foo, Bar');
    assert.equal(await refusal('pikachu 9999'), 'Unrecognized: 9999');
    assert.equal(await refusal('pikachu iv:abc'), 'Unrecognized: iv:abc');
  });
});

describe('track: filters', () => {
  test('defaults: min_iv -1 and every filter open', async () => {
    const r = await rule('pikachu');
    assert.deepEqual(
      [r.min_iv, r.max_iv, r.min_cp, r.max_cp, r.min_level, r.max_level, r.atk, r.def, r.sta, r.max_atk, r.max_def, r.max_sta],
      [-1, 100, 0, 9000, 0, 55, 0, 0, 0, 15, 15, 15],
    );
    assert.deepEqual([r.min_weight, r.max_weight, r.gender, r.size, r.max_size, r.rarity, r.max_rarity, r.min_time], [0, 9_000_000, 0, -1, 5, -1, 6, 0]);
    assert.deepEqual([r.pvp_ranking_league, r.pvp_ranking_best, r.pvp_ranking_worst, r.pvp_ranking_min_cp, r.pvp_ranking_cap], [0, 1, 4096, 0, 0]);
    assert.deepEqual([r.distance, r.template, r.clean, r.ping, r.override_areas, r.override_location_label], [0, null, 0, '', null, null]);
  });

  test('iv: single value, colon, range, miniv, maxiv', async () => {
    assert.deepEqual(pick(await rule('pikachu iv90'), 'min_iv', 'max_iv'), [90, 100]);
    assert.deepEqual(pick(await rule('pikachu iv:90-95'), 'min_iv', 'max_iv'), [90, 95]);
    assert.deepEqual(pick(await rule('pikachu miniv50 maxiv80'), 'min_iv', 'max_iv'), [50, 80]);
  });

  test('cp, mincp, maxcp', async () => {
    assert.deepEqual(pick(await rule('pikachu cp500-1000'), 'min_cp', 'max_cp'), [500, 1000]);
    assert.deepEqual(pick(await rule('pikachu mincp:300 maxcp2000'), 'min_cp', 'max_cp'), [300, 2000]);
  });

  test('level and maxlevel', async () => {
    assert.deepEqual(pick(await rule('pikachu level20-30'), 'min_level', 'max_level'), [20, 30]);
    assert.deepEqual(pick(await rule('pikachu level:25 maxlevel35'), 'min_level', 'max_level'), [25, 35]);
  });

  test('atk/def/sta ranges and their maximums', async () => {
    const r = await rule('pikachu atk15 def:10-14 sta0-1 maxatk15');
    assert.deepEqual(pick(r, 'atk', 'def', 'sta', 'max_atk', 'max_def', 'max_sta'), [15, 10, 0, 15, 14, 1]);
    assert.deepEqual(pick(await rule('pikachu maxdef2 maxsta3'), 'max_def', 'max_sta'), [2, 3]);
  });

  test('weight in kg is stored in grams', async () => {
    assert.deepEqual(pick(await rule('pikachu weight1.5-6'), 'min_weight', 'max_weight'), [1500, 6000]);
    assert.deepEqual(pick(await rule('pikachu maxweight:2'), 'min_weight', 'max_weight'), [0, 2000]);
  });

  test('rarity by number or name; a single value is exact', async () => {
    assert.deepEqual(pick(await rule('pikachu rarity3'), 'rarity', 'max_rarity'), [3, 3]);
    assert.deepEqual(pick(await rule('pikachu rarity:common-rare'), 'rarity', 'max_rarity'), [1, 3]);
    assert.deepEqual(pick(await rule('pikachu rarity:very_rare'), 'rarity', 'max_rarity'), [4, 4]);
    assert.deepEqual(pick(await rule('pikachu maxrarity:ultra_rare'), 'rarity', 'max_rarity'), [-1, 5]);
  });

  test('size by number or name; a single value is exact', async () => {
    assert.deepEqual(pick(await rule('pikachu size:xxs'), 'size', 'max_size'), [1, 1]);
    assert.deepEqual(pick(await rule('pikachu sizexs-xl'), 'size', 'max_size'), [2, 4]);
    assert.deepEqual(pick(await rule('pikachu size2-5'), 'size', 'max_size'), [2, 5]);
    assert.deepEqual(pick(await rule('pikachu maxsize:m'), 'size', 'max_size'), [-1, 3]);
    assert.equal(await refusal('pikachu size:huge'), 'Unrecognized: size:huge');
  });

  test('t<seconds> is the minimum time', async () => {
    assert.equal((await rule('pikachu t60')).min_time, 60);
    assert.equal((await rule('pikachu t:300')).min_time, 300);
  });

  test('gender words', async () => {
    assert.equal((await rule('pikachu male')).gender, 1);
    assert.equal((await rule('pikachu female')).gender, 2);
    assert.equal((await rule('pikachu genderless')).gender, 3);
  });

  test('min_iv becomes 0 with a cp, level, stat, weight, size or pvp filter, unless iv is given', async () => {
    for (const text of ['pikachu cp10', 'pikachu level5', 'pikachu atk1', 'pikachu maxsta14', 'pikachu weight1', 'pikachu size:xl', 'pikachu great5']) {
      assert.equal((await rules(text))[0]!.min_iv, 0, text);
    }
    assert.equal((await rule('pikachu rarity2')).min_iv, -1, 'rarity needs no encounter');
    assert.equal((await rule('pikachu t60 male')).min_iv, -1);
    assert.equal((await rule('pikachu cp10 iv50')).min_iv, 50);
  });

  test('template keeps its case; clean; shiny is accepted and ignored', async () => {
    const r = await rule('pikachu template:Fancy clean shiny');
    assert.deepEqual(pick(r, 'template', 'clean'), ['Fancy', 1]);
    assert.equal((await rule('pikachu template2')).template, '2');
  });

  test('the ping comes from the framework, mentions left in the arguments are added', async () => {
    assert.equal((await rule('pikachu', { ping: '<@1>' })).ping, '<@1>');
    assert.equal((await rule('pikachu <@&22>', { ping: '<@1>' })).ping, '<@1> <@&22>');
  });
});

describe('track: PVP', () => {
  test('great<worst>: worst rank, min CP raised to filter_great_min_cp, min_iv 0', async () => {
    const r = await rule('pikachu great5');
    assert.deepEqual(pick(r, 'pvp_ranking_league', 'pvp_ranking_best', 'pvp_ranking_worst', 'pvp_ranking_min_cp', 'pvp_ranking_cap', 'min_iv'), [1500, 1, 5, 1400, 0, 0]);
  });

  test('best-worst, high and cp forms, per league', async () => {
    assert.deepEqual(pick(await rule('pikachu ultra2-8'), 'pvp_ranking_league', 'pvp_ranking_best', 'pvp_ranking_worst', 'pvp_ranking_min_cp'), [2500, 2, 8, 2350]);
    assert.deepEqual(pick(await rule('pikachu littlehigh3'), 'pvp_ranking_league', 'pvp_ranking_best', 'pvp_ranking_worst', 'pvp_ranking_min_cp'), [500, 3, 10, 450]);
    assert.deepEqual(pick(await rule('pikachu greatcp1480 great3'), 'pvp_ranking_worst', 'pvp_ranking_min_cp'), [3, 1480]);
    assert.equal((await rule('pikachu greatcp:1000')).pvp_ranking_min_cp, 1400, 'never below the filter minimum');
  });

  test('the worst rank is clamped to filter_max_rank', async () => {
    assert.equal((await rule('pikachu great100')).pvp_ranking_worst, 10);
    assert.equal((await rule('pikachu great100', { config: { pvp: { filter_max_rank: 50 } } })).pvp_ranking_worst, 50);
  });

  test('one rule per species × league', async () => {
    const all = await rules('pikachu snorlax great5 ultra5');
    assert.deepEqual(all.map((r) => `${r.pokemon_id}@${r.pvp_ranking_league}`), ['25@1500', '25@2500', '143@1500', '143@2500']);
  });

  test('cap<level> must be one of [pvp] level_caps', async () => {
    assert.equal((await rule('pikachu great5 cap50')).pvp_ranking_cap, 50);
    assert.equal(await refusal('pikachu great5 cap40'), 'This level cap is not supported, valid choices are: 0, 50');
    assert.equal((await rule('pikachu great5 cap:40', { config: { pvp: { level_caps: [40, 50] } } })).pvp_ranking_cap, 40);
  });

  test('without cap, PVP rules take [tracking] default_user_tracking_level_cap; non-PVP rules 0', async () => {
    const config = { tracking: { default_user_tracking_level_cap: 50 } };
    assert.equal((await rule('pikachu great5', { config })).pvp_ranking_cap, 50);
    assert.equal((await rule('pikachu iv90', { config })).pvp_ranking_cap, 0);
  });
});

describe('track: distance, areas and saved locations', () => {
  test('d<metres> / d:<metres>, decimals rounded', async () => {
    assert.equal((await rule('pikachu d500')).distance, 500);
    assert.equal((await rule('pikachu d:1.6')).distance, 2);
  });

  test('without d:, [tracking] default_distance applies (but not to area: rules)', async () => {
    const config = { tracking: { default_distance: 800 } };
    assert.equal((await rule('pikachu', { config })).distance, 800);
    assert.equal((await rule('pikachu area:downtown', { config })).distance, 0);
    assert.equal((await rule('pikachu d0', { config })).distance, 0);
  });

  test('a distance over [tracking] max_distance is capped and the reply notes it', async () => {
    const result = await parse('pikachu d5000', { config: { tracking: { max_distance: 2000 } } });
    assert.ok(result.ok && result.value.kind === 'track');
    assert.equal(result.value.rules[0]!.distance, 2000);
    assert.deepEqual(result.value.notes.map((n) => fill(n.text, n.vars)), ['Distance has been capped to the maximum of 2000m.']);
    assert.equal((await rule('pikachu d5000')).distance, 5000, 'max_distance 0 = no limit');
  });

  test('area:<names> → lower-case JSON, each must be a loaded fence (case-insensitive)', async () => {
    assert.equal((await rule('pikachu area:Downtown,old_town')).override_areas, '["downtown","old town"]');
    assert.equal(await refusal('pikachu area:downtown,nowhere'), 'Unknown area: nowhere. Use {prefix}area list to see the areas you can use');
  });

  test('location:<label> → the saved label as stored (case-insensitive match)', async () => {
    const r = await rule('pikachu d500 location:home');
    assert.deepEqual(pick(r, 'distance', 'override_location_label'), [500, 'Home']);
    assert.match(await refusal('pikachu d500 location:beach'), /^Unknown location "beach"/);
  });

  test('the spec rule errors', async () => {
    assert.match(await refusal('pikachu d:500 area:downtown'), /distance and area filters are mutually exclusive/i);
    assert.match(await refusal('pikachu area:downtown location:home'), /use area: or location:, not both/i);
    assert.match(await refusal('pikachu location:home'), /^location: requires d:/);
    assert.match(await refusal('pikachu d0 location:home'), /^location: requires d:/);
  });
});

describe('track: everything', () => {
  const all = ['1/0', '3/0', '6/0', '19/0', '25/0', '26/0', '29/0', '32/0', '122/0', '131/0', '143/0', '150/0', '382/0', '445/0'];

  test('allow-any: one pokemon_id 0 rule; individually → one per species', async () => {
    assert.deepEqual(species(await rules('everything iv90')), ['0/0']);
    assert.deepEqual(species(await rules('everything individually iv90')), all);
  });

  test('narrowed by type, gen or form it is always per species', async () => {
    assert.deepEqual(species(await rules('everything electric')), ['25/0', '26/0']);
    assert.deepEqual(species(await rules('everything gen3')), ['382/0']);
  });

  test('allow-and-always-individually: one rule per species', async () => {
    const config = { tracking: { everything_flag_permissions: 'allow-and-always-individually' } };
    assert.deepEqual(species(await rules('everything iv90', { config })), all);
  });

  test('allow-and-ignore-individually: individually is accepted and ignored', async () => {
    const config = { tracking: { everything_flag_permissions: 'allow-and-ignore-individually' } };
    assert.deepEqual(species(await rules('everything individually iv90', { config })), ['0/0']);
  });

  test('deny: refused for users, allowed for admins', async () => {
    const config = { tracking: { everything_flag_permissions: 'deny' } };
    assert.match(await refusal('everything iv90', { config }), /not allowed/);
    assert.deepEqual(species(await rules('everything iv90', { config, isAdmin: true })), ['0/0']);
  });

  test('everything without any filter is refused for users, allowed for admins', async () => {
    assert.match(await refusal('everything'), /too many alerts/);
    assert.match(await refusal('everything clean'), /too many alerts/);
    assert.deepEqual(species(await rules('everything', { isAdmin: true })), ['0/0']);
    assert.deepEqual(species(await rules('everything d500')), ['0/0']);
  });
});

describe('track: remove', () => {
  test('remove hands the other arguments to untrack', async () => {
    const result = await parse('Pikachu remove iv90');
    assert.ok(result.ok);
    assert.deepEqual(result.value, { kind: 'remove', args: ['pikachu', 'iv90'], rawArgs: ['Pikachu', 'iv90'] });
  });
});

function pick<K extends keyof MonsterDraft>(r: MonsterDraft, ...keys: K[]): MonsterDraft[K][] {
  return keys.map((k) => r[k]);
}
