import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { maxBattleApi } from '../../../plugins/max-battle/api.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(maxBattleApi);
after(() => h.close());

const DEFAULTS = { form: 0, move: 9000, gmax: 0, evolution: 9000, station_id: null };

it('serves type maxbattle with the default updatable columns (distance, template, clean)', () => {
  assert.equal(maxBattleApi.type, 'maxbattle');
  assert.equal(maxBattleApi.updatable, undefined);
});

it('a level rule by default (pokemon_id 9000), every other column at its default', () => {
  assert.deepEqual(h.draft({ level: 3 }), [{ pokemon_id: 9000, level: 3, ...DEFAULTS }]);
});

it('a boss is stored with level 9000, a level sent with it read and unused', () => {
  assert.deepEqual(h.draft({ pokemon_id: 143, level: 90 }), [{ pokemon_id: 143, level: 9000, ...DEFAULTS }]);
  assert.deepEqual(h.unread({ pokemon_id: 143, level: 90 }), []);
});

it('reads loose values: numbers as text, gmax as true / "1"', () => {
  assert.deepEqual(h.draft({ level: '90', gmax: true, form: '2', move: '281', evolution: '0', station_id: ' st1 ' }), [{ pokemon_id: 9000, level: 90, form: 2, move: 281, gmax: 1, evolution: 0, station_id: 'st1' }]);
  assert.equal(h.draft({ level: 7, gmax: '1' })[0]?.gmax, 1);
  assert.equal(h.draft({ level: 7, station_id: '' })[0]?.station_id, null);
});

it('any level of at least 1 (PoracleNG checks nothing more); a list becomes one rule per level', () => {
  assert.deepEqual(h.draft({ level: 12 })[0]?.level, 12);
  assert.deepEqual(
    h.draft({ level: [1, '6', 90], gmax: 1 }).map((r) => [r.level, r.gmax]),
    [
      [1, 1],
      [6, 1],
      [90, 1],
    ],
  );
});

it('refuses, naming the field', () => {
  assert.throws(() => h.draft({}), /body\[0\]\.level: Invalid level \(must be specified if no pokemon_id\)$/);
  assert.throws(() => h.draft({ level: 0 }), /body\[0\]\.level: Invalid level .*must be a whole number of at least 1/);
  assert.throws(() => h.draft({ level: [2, -1] }), /body\[0\]\.level\[1\]: Invalid level/);
  assert.throws(() => h.draft({ pokemon_id: 9001 }), /body\[0\]\.pokemon_id must be a whole number from 1 to 9000/);
  assert.throws(() => h.draft({ level: 1, form: 'x' }), /body\[0\]\.form must be/);
  assert.throws(() => h.draft({ level: 1, move: -1 }), /body\[0\]\.move must be/);
  assert.throws(() => h.draft({ level: 1, evolution: 'mega' }), /body\[0\]\.evolution must be/);
  assert.throws(() => h.draft({ level: 1, gmax: 2 }), /body\[0\]\.gmax must be true or false/);
  assert.throws(() => h.draft({ level: 1, station_id: ['a'] }), /body\[0\]\.station_id must be a string/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ level: 1, team: 2 }), ['team']);
});

it('takes back whole rules as GET returns them: every column read, the same rules again', async () => {
  const rows = [...h.draft({ level: [5, 90], gmax: 1, move: 281, station_id: 'st9' }), ...h.draft({ pokemon_id: 143, form: 1, evolution: 0 })];
  const stored = await h.storedAsGet('maxbattle', rows);
  for (const [i, row] of stored.entries()) {
    assert.deepEqual(h.unread(row), [], `row ${i}`);
    assert.deepEqual(h.draft(row), [rows[i]]);
  }
});
