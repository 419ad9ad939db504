import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { nestApi } from '../../../plugins/nest/api.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(nestApi);
after(() => h.close());

it('serves type nest with the default updatable columns', () => {
  assert.equal(nestApi.type, 'nest');
  assert.equal(nestApi.updatable, undefined);
});

it('pokemon_id 0 (any nesting species), min_spawn_avg 0 and form 0 by default', () => {
  assert.deepEqual(h.draft({}), [{ pokemon_id: 0, min_spawn_avg: 0, form: 0 }]);
  assert.deepEqual(h.draft({ pokemon_id: 25 }), [{ pokemon_id: 25, min_spawn_avg: 0, form: 0 }]);
});

it('reads loose values: numbers as text, null as missing', () => {
  assert.deepEqual(h.draft({ pokemon_id: '133', min_spawn_avg: '15', form: '0' }), [{ pokemon_id: 133, min_spawn_avg: 15, form: 0 }]);
  assert.deepEqual(h.draft({ pokemon_id: null, min_spawn_avg: 4.0, form: 2 }), [{ pokemon_id: 0, min_spawn_avg: 4, form: 2 }]);
});

it('refuses bad values naming the field', () => {
  assert.throws(() => h.draft({ pokemon_id: -1 }), /body\[0\]\.pokemon_id must be a whole number of at least 0/);
  assert.throws(() => h.draft({ pokemon_id: 'pikachu' }), /body\[0\]\.pokemon_id must be/);
  assert.throws(() => h.draft({ min_spawn_avg: 2.5 }), /body\[0\]\.min_spawn_avg must be a whole number/);
  assert.throws(() => h.draft({ min_spawn_avg: true }), /body\[0\]\.min_spawn_avg must be/);
  assert.throws(() => h.draft({ form: -3 }), /body\[0\]\.form must be a whole number of at least 0/);
  assert.throws(() => h.draft({ form: 3_000_000_000 }), /body\[0\]\.form must be/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ pokemon_id: 1, min_iv: 90 }), ['min_iv']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ pokemon_id: 1, min_spawn_avg: 10, form: 163 });
  const [stored] = await h.storedAsGet('nests', rows);
  assert.ok(stored);
  for (const column of ['uid', 'id', 'profile_no', 'ping', 'template', 'clean', 'distance', 'override_areas', 'override_location_label']) assert.ok(column in stored, column);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
