/**
 * The `untrack` argument parser and the rows it selects, as pure functions over the fixture game data.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TrackingRow } from '../../../../core/model.ts';
import { missingUids, parseUntrack, rowsToRemove, type UntrackRequest } from '../../../../plugins/monster/commands/untrack-parse.ts';
import { fixtureGameData, monsterRow } from '../support.ts';
import { fill, tokens } from './support.ts';

async function request(text: string, ignoreTrackKeywords = false): Promise<UntrackRequest> {
  const { args, rawArgs } = tokens(text);
  const result = parseUntrack(args, rawArgs, { gameData: await fixtureGameData(), language: 'en', ignoreTrackKeywords });
  if (!result.ok) assert.fail(`"${text}" was refused: ${fill(result.error.text, result.error.vars)}`);
  return result.value;
}

async function refusal(text: string): Promise<string> {
  const { args, rawArgs } = tokens(text);
  const result = parseUntrack(args, rawArgs, { gameData: await fixtureGameData(), language: 'en' });
  if (result.ok) assert.fail(`"${text}" should be refused`);
  return fill(result.error.text, result.error.vars);
}

const rows: TrackingRow[] = [
  monsterRow('u1', { uid: 1, pokemon_id: 25 }),
  monsterRow('u1', { uid: 2, pokemon_id: 25, min_iv: 90 }),
  monsterRow('u1', { uid: 3, pokemon_id: 143 }),
  monsterRow('u1', { uid: 4, pokemon_id: 0 }),
  monsterRow('u1', { uid: 5, pokemon_id: 19, form: 46 }),
  monsterRow('u1', { uid: 6, pokemon_id: 382 }),
];

async function removed(text: string, ignoreTrackKeywords = false): Promise<number[]> {
  return rowsToRemove(await request(text, ignoreTrackKeywords), rows, await fixtureGameData()).map((r) => r.uid);
}

test('by name removes every rule of that pokemon, whatever its filters', async () => {
  assert.deepEqual(await removed('pikachu'), [1, 2]);
  assert.deepEqual(await removed('mr mime snorlax'), [3]);
});

test('by type, generation and form', async () => {
  assert.deepEqual(await removed('normal'), [3, 5]);
  assert.deepEqual(await removed('gen3'), [6]);
  assert.deepEqual(await removed('rattata form:alola'), [5]);
  assert.deepEqual(await removed('rattata form:normal'), []);
});

test('everything removes every rule, the pokemon 0 rule included', async () => {
  assert.deepEqual(await removed('everything'), [1, 2, 3, 4, 5, 6]);
});

test('id:<uid>, repeatable; unknown ids are reported', async () => {
  const req = await request('id:3 id:4 id:99');
  assert.deepEqual(rowsToRemove(req, rows, await fixtureGameData()).map((r) => r.uid), [3, 4]);
  assert.deepEqual(missingUids(req, rows), [99]);
});

test('unknown tokens and an empty selection are refused', async () => {
  assert.equal(await refusal('pikachu iv90 foo'), 'Unrecognized: iv90, foo');
  assert.equal(await refusal(''), 'No pokemon specified');
});

test('from track … remove, the rule filters are ignored', async () => {
  assert.deepEqual(await removed('pikachu iv90 d500 great5 clean template:2', true), [1, 2]);
});
