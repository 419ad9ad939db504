import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { gymApi } from '../../../plugins/gym/api.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(gymApi);
after(() => h.close());

it('serves type gym; slot and battle changes may change in place too', () => {
  assert.equal(gymApi.type, 'gym');
  assert.deepEqual(gymApi.updatable, ['distance', 'template', 'clean', 'slot_changes', 'battle_changes']);
});

it('slot_changes and battle_changes 0, gym_id null by default', () => {
  assert.deepEqual(h.draft({ team: 4 }), [{ team: 4, slot_changes: 0, battle_changes: 0, gym_id: null }]);
  for (const team of [0, 1, 2, 3]) assert.equal(h.draft({ team })[0]?.team, team);
});

it('reads loose values: numbers as text, flags as true / "1", gym_id trimmed ("" = any gym)', () => {
  assert.deepEqual(h.draft({ team: '2', slot_changes: true, battle_changes: '1', gym_id: ' abc.16 ' }), [{ team: 2, slot_changes: 1, battle_changes: 1, gym_id: 'abc.16' }]);
  assert.deepEqual(h.draft({ team: 1, slot_changes: 'false', battle_changes: 0, gym_id: '' }), [{ team: 1, slot_changes: 0, battle_changes: 0, gym_id: null }]);
});

it('refuses a missing or out-of-range team with the previous wording, and bad values naming the field', () => {
  assert.throws(() => h.draft({}), /body\[0\]\.team: Invalid team/);
  assert.throws(() => h.draft({ team: null }), /body\[0\]\.team: Invalid team/);
  assert.throws(() => h.draft({ team: 5 }), /body\[0\]\.team must be one of 0, 1, 2, 3, 4 .*\(Invalid team\)/);
  assert.throws(() => h.draft({ team: -1 }), /body\[0\]\.team must be .*Invalid team/);
  assert.throws(() => h.draft({ team: 'valor' }), /body\[0\]\.team must be .*Invalid team/);
  assert.throws(() => h.draft({ team: 1, slot_changes: 2 }), /body\[0\]\.slot_changes must be true or false/);
  assert.throws(() => h.draft({ team: 1, battle_changes: 'often' }), /body\[0\]\.battle_changes must be true or false/);
  assert.throws(() => h.draft({ team: 1, gym_id: { id: 'x' } }), /body\[0\]\.gym_id must be a string/);
  assert.throws(() => h.draft({ team: 1, gym_id: 'x'.repeat(256) }), /body\[0\]\.gym_id must be at most 255 characters/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ team: 1, exclusive: 1 }), ['exclusive']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ team: 3, slot_changes: 1, battle_changes: 1, gym_id: 'g1' });
  const [stored] = await h.storedAsGet('gym', rows);
  assert.ok(stored);
  for (const column of ['uid', 'id', 'profile_no', 'ping', 'template', 'clean', 'distance', 'override_areas', 'override_location_label']) assert.ok(column in stored, column);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
