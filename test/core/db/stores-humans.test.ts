/**
 * HumanStore on both engines: mapping, defaults, partial updates, tolerant JSON, neutral type spellings, conflicts
 * and the delete that removes every row keyed by the human.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { HUMAN_OWNED_TABLES, TRACKING_TABLES } from '../../../core/db/tables.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { trackingRow } from './rows.ts';

const isCode = (code: string) => (err: unknown) => isLookoutError(err) && err.code === code;

await forEachDatabase(
  'HumanStore',
  (db) => {
    const store = () => new HumanStore(db.knex);

    it('creates with defaults and reads back, emoji included', async () => {
      const human = await store().create({ id: 'u1', type: 'discord:user', name: 'Zoë 🦄 ⚡' });
      assert.equal(human.name, 'Zoë 🦄 ⚡');
      assert.equal(human.enabled, true);
      assert.deepEqual(human.area, []);
      assert.deepEqual(human.communityMembership, []);
      assert.equal(human.areaRestriction, null);
      assert.equal(human.blockedAlerts, null);
      assert.equal(human.currentProfileNo, 1);
      assert.equal(human.notes, '');
      assert.ok(human.lastChecked instanceof Date);
      // SQLite's CURRENT_TIMESTAMP is UTC text; MySQL's follows the server's time zone (mysql2 reads it as local)
      if (db.engine === 'sqlite') assert.ok(Math.abs(human.lastChecked.getTime() - Date.now()) < 60_000, String(human.lastChecked));
      assert.deepEqual(await store().get('u1'), human);
    });

    it('maps every field on create and update', async () => {
      const disabled = new Date('2024-05-06T07:08:09Z');
      await store().create({ id: 'u2', type: 'telegram:group', name: 'Gruppe', area: ['île', 'b'], latitude: 51.5, longitude: -0.125,
        language: 'de', adminDisable: true, disabledDate: disabled, areaRestriction: ['île'], blockedAlerts: ['raid'], enabled: false });
      const updated = await store().update('u2', { name: 'Neu', fails: 2, currentProfileNo: 3, communityMembership: ['c'], notes: 'n', language: null });
      assert.equal(updated.name, 'Neu');
      assert.equal(updated.type, 'telegram:group');
      assert.deepEqual(updated.area, ['île', 'b']);
      assert.ok(Math.abs(updated.latitude - 51.5) < 1e-4 && Math.abs(updated.longitude + 0.125) < 1e-4);
      assert.equal(updated.language, null);
      assert.equal(updated.adminDisable, true);
      assert.equal(updated.enabled, false);
      assert.equal(updated.disabledDate?.getTime(), disabled.getTime());
      assert.deepEqual(updated.areaRestriction, ['île']);
      assert.deepEqual(updated.blockedAlerts, ['raid']);
      assert.deepEqual(updated.communityMembership, ['c']);
      assert.equal(updated.fails, 2);
      assert.equal(updated.currentProfileNo, 3);
    });

    it('reads bad JSON tolerantly', async () => {
      await db.knex('humans').insert({ id: 'bad', type: 'webhook', name: 'w', area: '{oops', community_membership: '"x"', area_restriction: 'nope', blocked_alerts: '' });
      const human = await store().get('bad');
      assert.deepEqual(human?.area, []);
      assert.deepEqual(human?.communityMembership, []);
      assert.equal(human?.areaRestriction, null);
      assert.equal(human?.blockedAlerts, null);
    });

    it('lists, filters by type and loads all', async () => {
      assert.deepEqual((await store().list()).map((h) => h.id), ['bad', 'u1', 'u2']);
      assert.deepEqual((await store().list({ type: 'discord:user' })).map((h) => h.id), ['u1']);
      assert.deepEqual((await store().list({ type: ['webhook', 'telegram:group'] })).map((h) => h.id), ['bad', 'u2']);
      assert.equal((await store().loadAll()).length, 3);
    });

    it('a type in the spec\'s neutral spelling is stored and looked up as the real one', async () => {
      assert.equal((await store().create({ id: 'n1', type: 'chat_b:user', name: 'neutral' })).type, 'telegram:user');
      assert.equal((await db.knex('humans').where({ id: 'n1' }).first()).type, 'telegram:user');
      assert.equal((await store().update('n1', { type: 'chat_a:channel' })).type, 'discord:channel');
      assert.deepEqual((await store().list({ type: 'chat_a:channel' })).map((h) => h.id), ['n1']);
      assert.deepEqual((await store().list({ type: ['chat_b:user', 'chat_a:channel'] })).map((h) => h.id), ['n1']);
      assert.equal(await store().delete('n1'), true);
    });

    it('CONFLICT on a duplicate id, NOT_FOUND on updating a missing human', async () => {
      await assert.rejects(store().create({ id: 'u1', type: 'x', name: 'y' }), isCode('CONFLICT'));
      await assert.rejects(store().update('missing', { name: 'x' }), isCode('NOT_FOUND'));
      assert.equal(await store().get('missing'), null);
    });

    it('delete removes the human and every row with its id, and nothing of others', async () => {
      for (const id of ['u1', 'u2']) {
        for (const table of TRACKING_TABLES) await db.knex(table).insert(trackingRow(table, id));
        await db.knex('profiles').insert({ id, profile_no: 1, name: 'p', area: '[]' });
        await db.knex('summary_schedules').insert({ id, alert_type: 'quest' });
        await db.knex('user_locations').insert({ id, label: 'home', latitude: 1, longitude: 2 });
      }
      assert.equal(await store().delete('u1'), true);
      assert.equal(await store().delete('u1'), false);
      assert.equal(await store().get('u1'), null);
      for (const table of HUMAN_OWNED_TABLES) {
        assert.equal((await db.knex(table).where({ id: 'u1' })).length, 0, `${table} emptied of u1`);
        assert.equal((await db.knex(table).where({ id: 'u2' })).length, 1, `${table} keeps u2`);
      }
    });
  },
  { migrate: true },
);
