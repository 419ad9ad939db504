import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { apiHarness, eggRule, seedHuman, type ApiHarness } from './harness.ts';

await forEachDatabase(
  'API profiles',
  (db) => {
    let h: ApiHarness;
    before(async () => {
      h = await apiHarness(db.knex);
      await seedHuman(h.stores, 'pro', { area: ['dover'], latitude: 51.1, longitude: 1.3 });
    });
    after(() => h.app.close());

    it('GET /api/profiles/{id} lists profiles in the previous shape; 404 for an unknown human', async () => {
      const res = await h.call('GET', '/api/profiles/pro');
      assert.equal(res.statusCode, 200);
      const [one] = res.json().profile;
      assert.equal(one.profile_no, 1);
      assert.equal(one.area, '["dover"]');
      assert.equal(typeof one.uid, 'number');
      assert.equal(one.active_hours, '[]');
      assert.equal((await h.call('GET', '/api/profiles/nobody')).statusCode, 404);
    });

    it('POST /api/profiles/{id} creates (lowest free number, human areas) and updates', async () => {
      const created = await h.call('POST', '/api/profiles/pro', { name: 'night', active_hours: [{ day: 1, hours: '22', mins: 0 }] });
      assert.equal(created.statusCode, 200, created.body);
      assert.equal(created.json().created, true);
      assert.equal(created.json().profile.profile_no, 2);
      assert.equal(created.json().profile.area, '["dover"]');
      assert.equal(created.json().profile.active_hours, '[{"day":1,"hours":"22","mins":0}]');
      const numbered = await h.call('POST', '/api/profiles/pro', { profile_no: 5, name: 'five', area: ['Canterbury'] });
      assert.equal(numbered.json().profile.profile_no, 5);
      assert.equal(numbered.json().profile.area, '["canterbury"]');
      const updated = await h.call('POST', '/api/profiles/pro', { profile_no: '2', name: 'late night' });
      assert.equal(updated.json().created, false);
      assert.equal(updated.json().profile.name, 'late night');
    });

    it('updating the current profile\'s areas or location updates the human too', async () => {
      const res = await h.call('POST', '/api/profiles/pro', { profile_no: 1, area: ['canterbury'], latitude: 51.3, longitude: 1.1 });
      assert.equal(res.statusCode, 200, res.body);
      const human = await h.stores.humans.get('pro');
      assert.deepEqual(human?.area, ['canterbury']);
    });

    it('POST /api/profiles/{id} refuses bad bodies and taken names', async () => {
      const cases: [unknown, number, RegExp][] = [
        [{}, 400, /name/],
        [{ name: 'x', area: ['atlantis'] }, 400, /atlantis/],
        [{ name: 'x', profile_no: 0 }, 400, /profile_no/],
        [{ name: 'x', active_hours: [{ day: 8, hours: 1, mins: 0 }] }, 400, /active_hours\[0\]\.day/],
        [{ name: 'x', active_hours: 'nonsense' }, 400, /active_hours/],
        [{ name: 'x', latitude: 1 }, 400, /latitude and longitude/],
        [{ name: 'FIVE' }, 409, /profile 5/],
        [{ name: 'Late Night' }, 409, /profile 2/],
      ];
      for (const [body, code, message] of cases) {
        const res = await h.call('POST', '/api/profiles/pro', body);
        assert.equal(res.statusCode, code, JSON.stringify(body) + res.body);
        assert.match(res.json().message, message);
      }
      assert.equal((await h.call('POST', '/api/profiles/nobody', { name: 'x' })).statusCode, 404);
    });

    it('DELETE /api/profiles/{id}/{profile_no} removes it with its rules; profile 1 stays', async () => {
      await h.stores.rules.insert('egg', [eggRule('pro', 5), eggRule('pro', 5), eggRule('pro', 1)]);
      await h.call('PATCH', '/api/humans/pro', { current_profile_no: 5 });
      const res = await h.call('DELETE', '/api/profiles/pro/5');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { status: 'ok', removedRules: 2 });
      assert.equal(await h.stores.profiles.get('pro', 5), null);
      assert.equal((await h.stores.rules.list('egg', 'pro')).length, 1);
      assert.equal((await h.stores.humans.get('pro'))?.currentProfileNo, 1);
      assert.equal((await h.call('DELETE', '/api/profiles/pro/5')).statusCode, 404);
      assert.equal((await h.call('DELETE', '/api/profiles/pro/1')).statusCode, 409);
      assert.equal((await h.call('DELETE', '/api/profiles/pro/abc')).statusCode, 400);
    });
  },
  { migrate: true },
);
