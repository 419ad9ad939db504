/**
 * The `raid` / `egg` grammar, pure: bosses and forms, levels, level words and ranges, everything, team, ex,
 * move, gym, rsvp words, clean/edit, template, the reach arguments with the spec's rule errors, `remove`
 * selectors and `id:`, and the refusals.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseGymCommand, type GymCommandKind, type GymDraft, type GymParseOptions, type GymRequest } from '../../../../plugins/raid/commands/parse.ts';
import type { Parsed } from '../../../../core/commands/tracking/index.ts';
import { parseOptions, tokens } from './support.ts';

async function parse(kind: GymCommandKind, text: string, overrides: Partial<GymParseOptions> = {}): Promise<Parsed<GymRequest>> {
  const { args, rawArgs } = tokens(text);
  return parseGymCommand(args, rawArgs, await parseOptions(kind, overrides));
}

async function rules(kind: GymCommandKind, text: string): Promise<readonly GymDraft[]> {
  const parsed = await parse(kind, text);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.text);
  assert.equal(parsed.value.kind, 'track');
  return parsed.value.kind === 'track' ? parsed.value.rules : [];
}

async function refusal(kind: GymCommandKind, text: string): Promise<string> {
  const parsed = await parse(kind, text);
  assert.equal(parsed.ok, false, `expected a refusal for "${text}"`);
  return parsed.ok ? '' : parsed.error.text;
}

const pick = (rows: readonly GymDraft[], ...columns: string[]) => rows.map((r) => columns.map((c) => r[c]));

describe('raid/egg command grammar', () => {
  test('levels: level<n>, ranges, level words (one and two tokens, `_`), everything = 90', async () => {
    assert.deepEqual(pick(await rules('raid', 'level5'), 'pokemon_id', 'level'), [[9000, 5]]);
    assert.deepEqual(pick(await rules('raid', 'level:1-3'), 'level'), [[1], [2], [3]]);
    assert.deepEqual(pick(await rules('egg', 'level5 level6'), 'level'), [[5], [6]]);
    assert.deepEqual(pick(await rules('egg', 'legendary mega'), 'level'), [[5], [6]]);
    assert.deepEqual(pick(await rules('egg', 'mega legendary'), 'level'), [[7]]);
    assert.deepEqual(pick(await rules('egg', 'ultra_beast elite primal'), 'level'), [[8], [9], [10]]);
    assert.deepEqual(pick(await rules('raid', 'shadow'), 'level'), [[11], [12], [13], [14], [15]]);
    assert.deepEqual(pick(await rules('raid', 'shadow legendary'), 'level'), [[15]]);
    assert.deepEqual(pick(await rules('raid', 'everything'), 'pokemon_id', 'level'), [[9000, 90]]);
  });

  test('bosses: names and ids (level 9000), form:, moves; type names and gen accepted', async () => {
    assert.deepEqual(pick(await rules('raid', 'mewtwo 382'), 'pokemon_id', 'level', 'form', 'move'), [[150, 9000, 0, 9000], [382, 9000, 0, 9000]]);
    assert.deepEqual(pick(await rules('raid', 'rattata form:alola'), 'pokemon_id', 'form'), [[19, 46]]);
    assert.deepEqual(pick(await rules('raid', 'mewtwo move:hyper_beam'), 'move'), [[14]]);
    assert.deepEqual(pick(await rules('raid', 'mewtwo move:221'), 'move'), [[221]]);
    assert.deepEqual(pick(await rules('raid', 'mewtwo psychic gen1'), 'pokemon_id'), [[150]]);
    assert.deepEqual(pick(await rules('raid', 'mewtwo level5'), 'pokemon_id', 'level'), [[150, 9000], [9000, 5]]);
  });

  test('gym filters: team words, ex, gym:, rsvp words', async () => {
    assert.deepEqual(pick(await rules('egg', 'level5'), 'team', 'exclusive', 'gym_id', 'rsvp_changes'), [[4, 0, null, 0]]);
    assert.deepEqual(pick(await rules('egg', 'level5 valor ex'), 'team', 'exclusive'), [[2, 1]]);
    assert.deepEqual(pick(await rules('egg', 'level5 blue'), 'team'), [[1]]);
    assert.deepEqual(pick(await rules('egg', 'level5 yellow'), 'team'), [[3]]);
    assert.deepEqual(pick(await rules('egg', 'level5 harmony'), 'team'), [[0]]);
    assert.deepEqual(pick(await rules('raid', 'level5 gym:A1B2.16'), 'gym_id'), [['A1B2.16']]);
    assert.deepEqual(pick(await rules('raid', 'level5 rsvp'), 'rsvp_changes'), [[1]]);
    assert.deepEqual(pick(await rules('raid', 'level5 rsvp only'), 'rsvp_changes'), [[2]]);
    assert.deepEqual(pick(await rules('raid', 'level5 rsvp_only'), 'rsvp_changes'), [[2]]);
    assert.deepEqual(pick(await rules('raid', 'level5 no rsvp'), 'rsvp_changes'), [[0]]);
  });

  test('clean, edit, template, reach', async () => {
    assert.deepEqual(pick(await rules('raid', 'level5 clean'), 'clean'), [[1]]);
    assert.deepEqual(pick(await rules('raid', 'level5 clean edit'), 'clean'), [[3]]);
    assert.deepEqual(pick(await rules('raid', 'level5 template:Big'), 'template'), [['Big']]);
    assert.deepEqual(pick(await rules('raid', 'level5 d500'), 'distance', 'override_areas'), [[500, null]]);
    assert.deepEqual(pick(await rules('raid', 'level5 area:downtown'), 'distance', 'override_areas'), [[0, '["downtown"]']]);
    assert.deepEqual(pick(await rules('egg', 'level5 d:300 location:home'), 'distance', 'override_location_label'), [[300, 'Home']]);
  });

  test('the rule errors and refusals', async () => {
    assert.match(await refusal('raid', 'level5 d500 area:downtown'), /mutually exclusive/);
    assert.match(await refusal('raid', 'level5 area:downtown location:home'), /area: or location:/);
    assert.match(await refusal('egg', 'level5 location:home'), /location: requires d:/);
    assert.match(await refusal('egg', 'level5 area:atlantis'), /Unknown area/);
    assert.match(await refusal('egg', 'level5 d100 location:office'), /Unknown location/);
    assert.equal(await refusal('raid', 'valor'), 'No raid levels or pokemon specified');
    assert.equal(await refusal('egg', 'ex'), 'No egg levels specified');
    assert.equal(await refusal('egg', 'mewtwo'), 'Unrecognized: {tokens}');
    assert.equal(await refusal('raid', 'level5 level99 banana'), 'Unrecognized: {tokens}');
    assert.equal(await refusal('raid', 'mewtwo move:nosuchmove'), 'Unrecognized: {tokens}');
    assert.match(await refusal('raid', 'pikachu form:nosuchform'), /Form/);
  });

  test('remove: the selectors and id:', async () => {
    const parsed = await parse('raid', 'remove mewtwo level5 id:7 id:9');
    assert.ok(parsed.ok && parsed.value.kind === 'remove');
    if (parsed.ok && parsed.value.kind === 'remove') {
      assert.deepEqual(parsed.value.removal.picks, [{ pokemonId: 150, form: 0 }]);
      assert.deepEqual(parsed.value.removal.levels, [5]);
      assert.deepEqual(parsed.value.removal.uids, [7, 9]);
      assert.equal(parsed.value.removal.everything, false);
    }
    const all = await parse('egg', 'everything remove');
    assert.ok(all.ok && all.value.kind === 'remove' && all.value.removal.everything);
    assert.equal(await refusal('egg', 'remove'), 'No egg levels specified');
  });
});
