/**
 * Area security in the humans API, on each database engine: a registration's `community` sets its membership and
 * location restriction (400 for one not configured); the areas offered to a community member are its
 * communities' allowed areas, to an admin and to unrestricted targets all of them. Also PoracleNG's flag-only
 * `adminDisabled` route.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { apiHarness, type ApiHarness } from './harness.ts';

const areaSecurity = {
  enabled: true,
  strict_locations: false,
  communities: [{ name: 'Kent', allowed_areas: ['Canterbury'], location_fence: ['Dover'], discord: { channels: [], user_role: [] }, telegram: { channels: [] } }],
};

await forEachDatabase(
  'humans API with area security',
  (db) => {
    let api: ApiHarness;
    it('sets up', async () => {
      api = await apiHarness(db.knex, { defaultTargetType: 'discord:user', areaSecurity, isAdmin: (id) => id === '900' });
    });

    it('POST /api/humans with a community sets membership and area_restriction; an unknown one is refused', async () => {
      const res = await api.call('POST', '/api/humans', { id: '1', name: 'ash', community: 'KENT' });
      assert.equal(res.statusCode, 200);
      const human = (res.json() as { human: Record<string, unknown> }).human;
      assert.equal(human.community_membership, '["kent"]');
      assert.equal(human.area_restriction, '["dover"]');
      const bad = await api.call('POST', '/api/humans', { id: '2', name: 'gary', community: ['kent', 'mars'] });
      assert.equal(bad.statusCode, 400);
      assert.match((bad.json() as { message: string }).message, /community: unknown community mars/);
    });

    it('GET /api/humans/{id} offers a member its communities\' areas; admins and unrestricted targets all', async () => {
      const names = async (id: string) => ((await api.call('GET', `/api/humans/${id}`)).json() as { areas: { name: string }[] }).areas.map((a) => a.name);
      assert.deepEqual(await names('1'), ['Canterbury']);
      await api.call('POST', '/api/humans', { id: '3', name: 'channel', type: 'discord:channel' });
      assert.deepEqual(await names('3'), ['Canterbury', 'Dover', 'Secret Base']);
      await api.call('POST', '/api/humans', { id: '900', name: 'oak', community: 'kent' });
      assert.deepEqual(await names('900'), ['Canterbury', 'Dover', 'Secret Base']);
    });
  },
  { migrate: true },
);

await forEachDatabase(
  'humans API adminDisabled',
  (db) => {
    it('POST /api/humans/{id}/adminDisabled flips admin_disable only; state is required; 404 for nobody', async () => {
      const api = await apiHarness(db.knex);
      await api.call('POST', '/api/humans', { id: '7', name: 'misty' });
      const on = await api.call('POST', '/api/humans/7/adminDisabled', { state: true });
      assert.equal(on.statusCode, 200);
      assert.deepEqual(on.json(), { status: 'ok', admin_disabled: 1 });
      const human = await api.stores.humans.get('7');
      assert.equal(human?.adminDisable, true);
      assert.equal(human?.enabled, true, 'enabled untouched');
      assert.equal(human?.disabledDate, null);
      assert.deepEqual((await api.call('POST', '/api/humans/7/adminDisabled', { state: false })).json(), { status: 'ok', admin_disabled: 0 });
      assert.equal((await api.call('POST', '/api/humans/7/adminDisabled', {})).statusCode, 400);
      assert.equal((await api.call('POST', '/api/humans/8/adminDisabled', { state: true })).statusCode, 404);
    });
  },
  { migrate: true },
);
