import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { apiHarness, eggRule, enc, lureRule, seedHuman, type ApiHarness } from './harness.ts';

const HUMAN_KEYS = [
  'id', 'type', 'name', 'enabled', 'area', 'latitude', 'longitude', 'fails', 'last_checked', 'language', 'admin_disable',
  'disabled_date', 'current_profile_no', 'community_membership', 'area_restriction', 'notes', 'blocked_alerts',
];

await forEachDatabase(
  'API compatibility routes',
  (db) => {
    let h: ApiHarness;
    before(async () => {
      h = await apiHarness(db.knex);
      await seedHuman(h.stores, 'web', { area: ['dover'] });
      await seedHuman(h.stores, 'kent-only');
      await h.stores.humans.update('kent-only', { areaRestriction: ['canterbury'] });
    });
    after(() => h.app.close());

    it('GET /api/humans/one/{id} answers the 17 keys with JSON-text lists and 0/1 flags', async () => {
      const res = await h.call('GET', '/api/humans/one/web');
      assert.equal(res.statusCode, 200);
      const { status, human } = res.json();
      assert.equal(status, 'ok');
      assert.deepEqual(Object.keys(human), HUMAN_KEYS);
      assert.equal(human.area, '["dover"]');
      assert.equal(human.enabled, 1);
      assert.equal(human.community_membership, '[]');
      assert.equal(human.area_restriction, null);
      assert.equal((await h.call('GET', '/api/humans/one/nobody')).json().message, 'User not found');
    });

    it('POST start / stop flip enabled and answer {"status":"ok"}', async () => {
      assert.deepEqual((await h.call('POST', '/api/humans/web/stop')).json(), { status: 'ok' });
      assert.equal((await h.stores.humans.get('web'))?.enabled, false);
      assert.deepEqual((await h.call('POST', '/api/humans/web/start')).json(), { status: 'ok' });
      assert.equal((await h.stores.humans.get('web'))?.enabled, true);
      assert.equal((await h.call('POST', '/api/humans/nobody/start')).statusCode, 404);
    });

    it('setLocation writes the human and the current profile; checkLocation answers locationOk', async () => {
      const res = await h.call('POST', '/api/humans/web/setLocation/51.25/1.05');
      assert.deepEqual(res.json(), { status: 'ok' });
      assert.ok(Math.abs(((await h.stores.profiles.get('web', 1))?.latitude ?? 0) - 51.25) < 1e-5);
      assert.equal((await h.call('POST', '/api/humans/web/setLocation/north/1')).statusCode, 400);
      assert.equal((await h.call('POST', '/api/humans/web/setLocation/91/1')).statusCode, 400);
      assert.deepEqual((await h.call('GET', '/api/humans/web/checkLocation/0/0')).json(), { status: 'ok', locationOk: true });
      // an area-restricted human: only inside its areas
      assert.deepEqual((await h.call('GET', '/api/humans/kent-only/checkLocation/51.3/1.1')).json(), { status: 'ok', locationOk: true });
      assert.deepEqual((await h.call('GET', '/api/humans/kent-only/checkLocation/51.1/1.3')).json(), { status: 'ok', locationOk: false });
      const refused = await h.call('POST', '/api/humans/kent-only/setLocation/51.1/1.3');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { status: 'error', message: 'Location not permitted' });
    });

    it('setAreas lower-cases, de-duplicates and keeps only selectable areas, answering setAreas', async () => {
      const res = await h.call('POST', '/api/humans/web/setAreas', ['Canterbury', 'canterbury', 'DOVER', 'Secret Base', 'atlantis']);
      assert.deepEqual(res.json(), { status: 'ok', setAreas: ['canterbury', 'dover'] });
      assert.deepEqual((await h.stores.profiles.get('web', 1))?.area, ['canterbury', 'dover']);
      const restricted = await h.call('POST', '/api/humans/kent-only/setAreas', ['canterbury', 'dover']);
      assert.deepEqual(restricted.json().setAreas, ['canterbury']);
      assert.equal((await h.call('POST', '/api/humans/web/setAreas', { areas: 'x' })).statusCode, 400);
    });

    it('profiles add / update (object or array, loose values) answer {"status":"ok"}', async () => {
      let res = await h.call('POST', '/api/profiles/web/add', { name: 'Home', active_hours: '[{"day":"1","hours":"09","mins":"00"}]' });
      assert.deepEqual(res.json(), { status: 'ok' });
      res = await h.call('POST', '/api/profiles/web/add', [{ name: 'Work' }, { name: 'Gym' }]);
      assert.deepEqual(res.json(), { status: 'ok' });
      const profiles = (await h.call('GET', '/api/profiles/web')).json().profile;
      assert.deepEqual(profiles.map((p: { profile_no: number; name: string }) => `${p.profile_no}:${p.name}`), ['1:default', '2:Home', '3:Work', '4:Gym']);
      assert.equal(profiles[1].active_hours, '[{"day":"1","hours":"09","mins":"00"}]');
      assert.equal(profiles[1].area, '["canterbury","dover"]');
      res = await h.call('POST', '/api/profiles/web/update', { profile_no: '3', active_hours: [{ day: 2, hours: 8, mins: 30 }] });
      assert.deepEqual(res.json(), { status: 'ok' });
      assert.equal((await h.stores.profiles.get('web', 3))?.activeHours, '[{"day":2,"hours":8,"mins":30}]');
      assert.equal((await h.call('POST', '/api/profiles/web/add', {})).statusCode, 400);
      assert.equal((await h.call('POST', '/api/profiles/web/update', { active_hours: [] })).statusCode, 400);
      const missing = await h.call('POST', '/api/profiles/web/update', { profile_no: 9 });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Profile not found');
    });

    it('switchProfile makes a profile current and copies its areas; 404 Profile not found', async () => {
      await h.stores.profiles.update('web', 2, { area: ['dover'] });
      assert.deepEqual((await h.call('POST', '/api/humans/web/switchProfile/2')).json(), { status: 'ok' });
      const human = await h.stores.humans.get('web');
      assert.equal(human?.currentProfileNo, 2);
      assert.deepEqual(human?.area, ['dover']);
      const missing = await h.call('POST', '/api/humans/web/switchProfile/42');
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Profile not found');
    });

    it('copy/{from}/{to} replaces the rules of `to` with copies of `from`', async () => {
      await h.stores.rules.insert('egg', [eggRule('web', 2), eggRule('web', 2, 'home')]);
      await h.stores.rules.insert('lures', [lureRule('web', 2), lureRule('web', 3)]);
      const res = await h.call('POST', '/api/profiles/web/copy/2/3');
      assert.deepEqual(res.json(), { status: 'ok' });
      const eggs = await h.stores.rules.list('egg', 'web', 3);
      assert.equal(eggs.length, 2);
      assert.deepEqual(eggs.map((r) => r.override_location_label ?? null).sort(), ['home', null].sort());
      assert.equal((await h.stores.rules.list('lures', 'web', 3)).length, 1);
      assert.equal((await h.stores.rules.list('egg', 'web', 2)).length, 2);
      assert.equal((await h.call('POST', '/api/profiles/web/copy/2/99')).statusCode, 404);
    });

    it('DELETE byProfileNo/{n} removes the profile with its rules', async () => {
      const res = await h.call('DELETE', '/api/profiles/web/byProfileNo/3');
      assert.deepEqual(res.json(), { status: 'ok' });
      assert.equal(await h.stores.profiles.get('web', 3), null);
      assert.equal((await h.stores.rules.list('egg', 'web', 3)).length, 0);
      assert.equal((await h.call('DELETE', '/api/profiles/web/byProfileNo/3')).statusCode, 404);
    });

    it('compat routes accept long webhook ids URL-encoded', async () => {
      const hook = `https://discord.com/api/webhooks/123456789012345678/${'x'.repeat(68)}`;
      await seedHuman(h.stores, hook, { type: 'webhook' });
      assert.equal((await h.call('GET', `/api/humans/one/${enc(hook)}`)).json().human.id, hook);
      assert.deepEqual((await h.call('POST', `/api/humans/${enc(hook)}/setLocation/51.2/1.1`)).json(), { status: 'ok' });
      assert.deepEqual((await h.call('POST', `/api/profiles/${enc(hook)}/add`, { name: 'two' })).json(), { status: 'ok' });
      assert.deepEqual((await h.call('DELETE', `/api/profiles/${enc(hook)}/byProfileNo/2`)).json(), { status: 'ok' });
      assert.equal((await h.call('GET', `/api/humans/${enc(hook)}/nonsense`)).statusCode, 404);
    });
  },
  { migrate: true },
);
