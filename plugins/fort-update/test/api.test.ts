/**
 * The fort-update rule schema of the tracking API (type `fort`): defaults, loose values read as the fort command
 * stores them, refusals naming the field, and a rule read back as GET returns it.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { KnexRuleStore } from '../../../core/db/index.ts';
import { fortApi } from '../api.ts';
import { openTestDatabase } from '../../../test/helpers/databases.ts';
import { apiHarness, SHARED_COLUMNS } from '../../../test/helpers/tracking-api.ts';

const h = await apiHarness(fortApi);
const db = await openTestDatabase('sqlite', { migrate: true });
after(async () => {
  await h.close();
  await db.cleanup();
});

it('serves type fort without a clean column; distance and template may change in place', () => {
  assert.equal(fortApi.type, 'fort');
  assert.equal(fortApi.noClean, true);
  assert.deepEqual(fortApi.updatable, ['distance', 'template']);
});

it('fort_type everything, include_empty 0 and change_types [] by default', () => {
  assert.deepEqual(h.draft({}), [{ fort_type: 'everything', include_empty: 0, change_types: '[]' }]);
  assert.deepEqual(h.draft({ fort_type: '', change_types: '' }), [{ fort_type: 'everything', include_empty: 0, change_types: '[]' }]);
});

it('reads loose values: fort types in any case, include_empty as true / "1", change_types as a list or its JSON text', () => {
  assert.deepEqual(h.draft({ fort_type: 'Gym', include_empty: true, change_types: ['new', 'name'] }), [{ fort_type: 'gym', include_empty: 1, change_types: '["name","new"]' }]);
  assert.deepEqual(h.draft({ fort_type: 'pokestop', include_empty: '1', change_types: '["removal","location","image_url","description"]' }), [
    { fort_type: 'pokestop', include_empty: 1, change_types: '["description","image_url","location","removal"]' },
  ]);
});

it('stores change types as the fort command does: photo as image_url, sorted, each once; stop as pokestop', () => {
  assert.equal(h.draft({ change_types: ['photo', 'Image_URL', 'NEW'] })[0]?.change_types, '["image_url","new"]');
  assert.equal(h.draft({ fort_type: 'stop' })[0]?.fort_type, 'pokestop');
  assert.equal(h.draft({ change_types: [] })[0]?.change_types, '[]');
});

it('refuses station, unknown fort types and change types, and bad values, naming the field', () => {
  assert.throws(() => h.draft({ fort_type: 'station' }), /body\[0\]\.fort_type: station rules cannot be set through the API/);
  assert.throws(() => h.draft({ fort_type: 'portal' }), /body\[0\]\.fort_type must be one of pokestop, gym, everything/);
  assert.throws(() => h.draft({ fort_type: 1 }), /body\[0\]\.fort_type must be one of/);
  assert.throws(() => h.draft({ change_types: ['name', 'colour'] }), /body\[0\]\.change_types\[1\] must be one of location, new, removal, image_url, name, description/);
  assert.throws(() => h.draft({ change_types: 'name' }), /body\[0\]\.change_types must be a list of strings/);
  assert.throws(() => h.draft({ change_types: [1] }), /body\[0\]\.change_types must be a list of strings/);
  assert.throws(() => h.draft({ include_empty: 'maybe' }), /body\[0\]\.include_empty must be true or false/);
});

it('reads a clean sent and stores nothing for it (no column), leaving other unknown fields to the core', () => {
  assert.deepEqual(h.draft({ clean: true }), [{ fort_type: 'everything', include_empty: 0, change_types: '[]' }]);
  assert.deepEqual(h.unread({ clean: 1, gym_id: 'x' }), ['gym_id']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ fort_type: 'gym', include_empty: 1, change_types: ['name', 'removal'] });
  // forts has no clean column, so the shared columns go in without it
  const { clean: _none, ...shared } = SHARED_COLUMNS;
  const [row] = await new KnexRuleStore(db.knex).insert('forts', rows.map((r) => ({ ...r, ...shared })));
  assert.ok(row);
  const stored = { ...row, template: row.template ?? '', description: 'fort rule' };
  for (const column of ['uid', 'id', 'profile_no', 'ping', 'template', 'distance', 'override_areas', 'override_location_label']) assert.ok(column in stored, column);
  assert.equal('clean' in stored, false);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
