/**
 * ProfileStore and LocationStore (user_locations) on both engines, and the raw table reads for the snapshot.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { readTable } from '../../../core/db/read-table.ts';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { LocationStore } from '../../../core/db/stores/locations.ts';
import { ProfileStore } from '../../../core/db/stores/profiles.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';

const isCode = (code: string) => (err: unknown) => isLookoutError(err) && err.code === code;
const near = (a: number, b: number) => Math.abs(a - b) < 1e-4;

await forEachDatabase(
  'ProfileStore',
  (db) => {
    const store = () => new ProfileStore(db.knex);

    it('creates with the lowest free number and defaults', async () => {
      const first = await store().create({ id: 'h', name: 'Home 🏠' });
      assert.equal(first.profileNo, 1);
      assert.deepEqual(first.area, []);
      assert.equal(first.activeHours, '[]');
      assert.equal((await store().create({ id: 'h', name: 'three', profileNo: 3 })).profileNo, 3);
      assert.equal((await store().create({ id: 'h', name: 'two' })).profileNo, 2);
      assert.equal((await store().create({ id: 'h', name: 'four' })).profileNo, 4);
      assert.equal((await store().create({ id: 'other', name: 'x' })).profileNo, 1);
      await store().delete('h', 2);
      assert.equal((await store().create({ id: 'h', name: 'again two' })).profileNo, 2);
    });

    it('CONFLICT on a taken number, NOT_FOUND on updating a missing profile', async () => {
      await assert.rejects(store().create({ id: 'h', name: 'dup', profileNo: 1 }), isCode('CONFLICT'));
      await assert.rejects(store().update('h', 99, { name: 'x' }), isCode('NOT_FOUND'));
    });

    it('updates fields partially and keeps active_hours verbatim', async () => {
      const hours = '[{"day":1,"hours":"09","mins":0}]';
      const p = await store().update('h', 1, { area: ['île'], latitude: 48.85, activeHours: hours });
      assert.equal(p.name, 'Home 🏠');
      assert.deepEqual(p.area, ['île']);
      assert.ok(near(p.latitude, 48.85));
      assert.equal(p.longitude, 0);
      assert.equal(p.activeHours, hours);
    });

    it('lists by human in number order and loads all', async () => {
      assert.deepEqual((await store().list('h')).map((p) => p.profileNo), [1, 2, 3, 4]);
      assert.deepEqual((await store().loadAll()).map((p) => `${p.id}:${p.profileNo}`), ['h:1', 'h:2', 'h:3', 'h:4', 'other:1']);
      assert.equal(await store().delete('h', 4), true);
      assert.equal(await store().delete('h', 4), false);
    });

  },
  { migrate: true },
);

await forEachDatabase(
  'LocationStore',
  (db) => {
    const store = () => new LocationStore(db.knex);

    it('creates, gets by label and lists by human', async () => {
      const home = await store().create({ humanId: 'h', label: ' Home 🏡 ', latitude: 51.5073509, longitude: -0.1277583 });
      assert.equal(home.label, 'Home 🏡');
      assert.ok(near(home.latitude, 51.5073509) && near(home.longitude, -0.1277583));
      await store().create({ humanId: 'h', label: 'home', latitude: 1, longitude: 2 });
      await store().create({ humanId: 'h', label: 'Café', latitude: 3, longitude: 4 });
      await store().create({ humanId: 'other', label: 'Home 🏡', latitude: 5, longitude: 6 });
      assert.equal((await store().get('h', 'Home 🏡'))?.uid, home.uid);
      assert.equal(await store().get('h', 'cafe'), null, 'exact match, no accent folding');
      assert.deepEqual((await store().list('h')).map((l) => l.label).sort(), ['Café', 'Home 🏡', 'home']);
      assert.equal((await store().loadAll()).length, 4);
    });

    it('CONFLICT on a duplicate label for the same human; BAD_REQUEST on an empty or over-64-character label', async () => {
      await assert.rejects(store().create({ humanId: 'h', label: 'Home 🏡', latitude: 0, longitude: 0 }), isCode('CONFLICT'));
      await assert.rejects(store().create({ humanId: 'h', label: '  ', latitude: 0, longitude: 0 }), isCode('BAD_REQUEST'));
      await assert.rejects(store().create({ humanId: 'h', label: 'x'.repeat(65), latitude: 0, longitude: 0 }), isCode('BAD_REQUEST'));
      await assert.rejects(store().update('h', 'home', { label: '🦄'.repeat(65) }), isCode('BAD_REQUEST'));
      await assert.rejects(store().update('h', 'home', { label: 'Café' }), isCode('CONFLICT'));
      await assert.rejects(store().update('h', 'nowhere', { latitude: 1 }), isCode('NOT_FOUND'));
    });

    it('takes 64-character labels (emoji count once) and webhook-URL ids', async () => {
      const webhook = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      const long = await store().create({ humanId: webhook, label: '🦄'.repeat(64), latitude: 1, longitude: 1 });
      assert.equal(long.label, '🦄'.repeat(64));
      assert.equal(long.humanId, webhook);
      assert.equal(await store().delete(webhook, '🦄'.repeat(64)), true);
    });

    it('renames and moves, then deletes', async () => {
      const moved = await store().update('h', 'home', { label: 'work', latitude: -33.8688 });
      assert.equal(moved.label, 'work');
      assert.ok(near(moved.latitude, -33.8688) && near(moved.longitude, 2));
      assert.equal(await store().delete('h', 'work'), true);
      assert.equal(await store().delete('h', 'work'), false);
    });

    it('goes with its human', async () => {
      await new HumanStore(db.knex).create({ id: 'h', type: 'discord:user', name: 'x' });
      await new HumanStore(db.knex).delete('h');
      assert.deepEqual(await store().list('h'), []);
      assert.equal((await store().list('other')).length, 1);
    });
  },
  { migrate: true },
);

await forEachDatabase(
  'readTable',
  (db) => {
    it('returns raw rows with numbers (not booleans) alike on both engines', async () => {
      await db.knex('gym').insert(trackingRow('gym', 'h', { clean: true, slot_changes: 1, gym_id: 'g-ü', template: 'é' }));
      await db.knex('raid').insert(trackingRow('raid', 'h', { exclusive: null, template: null }));
      const [gym] = await readTable(db.knex, 'gym');
      assert.deepEqual(gym, { uid: 1, id: 'h', profile_no: 1, ping: '', clean: 1, distance: 0, template: 'é', team: 4, slot_changes: 1, gym_id: 'g-ü',
        battle_changes: 0, override_location_label: null, override_areas: null });
      const [raid] = await readTable(db.knex, 'raid');
      assert.equal(raid?.exclusive, null);
      assert.equal(raid?.rsvp_changes, 0);
      assert.equal(raid?.move, 9000);
      assert.equal(raid?.costume, 9000);
      assert.deepEqual(await readTable(db.knex, 'forts'), []);
    });
  },
  { migrate: true },
);
