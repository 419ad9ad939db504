import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { dropTrigger, failUpdatesWhen, humanRows } from '../../../helpers/failing-trigger.ts';
import { apiHarness, eggRule, enc, seedHuman, type ApiHarness } from './harness.ts';

const WEBHOOK = `https://discord.com/api/webhooks/123456789012345678/${'t'.repeat(68)}`;

await forEachDatabase(
  'API humans',
  (db) => {
    let h: ApiHarness;
    before(async () => (h = await apiHarness(db.knex)));
    after(() => h.app.close());

    it('POST /api/humans registers a human with profile 1 and triggers a reload', async () => {
      const before = h.reloads();
      const res = await h.call('POST', '/api/humans', { id: '100', type: 'discord:user', name: 'Ash', language: 'de', latitude: '51.28', longitude: 1.08, area: ['canterbury', 'Dover'] });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.status, 'ok');
      assert.equal(body.message, 'User created successfully');
      assert.equal(body.human.id, '100');
      assert.equal(body.human.enabled, 1);
      assert.equal(body.human.language, 'de');
      assert.equal(body.human.area, '["canterbury","dover"]');
      assert.equal(body.human.current_profile_no, 1);
      const profile = await h.stores.profiles.get('100', 1);
      assert.ok(profile);
      assert.deepEqual(profile.area, ['canterbury', 'dover']);
      assert.ok(h.reloads() > before);
    });

    it('POST /api/humans answers 409 for an existing id, 400 naming a missing or bad field', async () => {
      assert.equal((await h.call('POST', '/api/humans', { id: '100', name: 'Again' })).statusCode, 409);
      const noName = await h.call('POST', '/api/humans', { id: '101' });
      assert.equal(noName.statusCode, 400);
      assert.match(noName.json().message, /name/);
      const noId = await h.call('POST', '/api/humans', { name: 'x' });
      assert.equal(noId.statusCode, 400);
      assert.match(noId.json().message, /id/);
      const badArea = await h.call('POST', '/api/humans', { id: '101', name: 'x', area: ['atlantis', 'dover', 'mu'] });
      assert.equal(badArea.statusCode, 400);
      assert.match(badArea.json().message, /atlantis, mu/);
      const badLat = await h.call('POST', '/api/humans', { id: '101', name: 'x', latitude: 95, longitude: 0 });
      assert.match(badLat.json().message, /latitude/);
      const onlyLat = await h.call('POST', '/api/humans', { id: '101', name: 'x', latitude: 5 });
      assert.equal(onlyLat.statusCode, 400);
      const badType = await h.call('POST', '/api/humans', { id: '101', name: 'x', type: '../etc' });
      assert.match(badType.json().message, /type/);
      const extra = await h.call('POST', '/api/humans', { id: '101', name: 'x', colour: 'red' });
      assert.match(extra.json().message, /colour/);
      const notObject = await h.call('POST', '/api/humans', [1, 2]);
      assert.equal(notObject.statusCode, 400);
      const notJson = await h.call('POST', '/api/humans', '{"id":');
      assert.equal(notJson.statusCode, 400);
      assert.equal(await h.stores.humans.get('101'), null);
    });

    it('POST /api/humans without a type: the registered platforms\' default target type, else the type is required', async () => {
      const res = await h.call('POST', '/api/humans', { id: '150', name: 'Default' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await h.stores.humans.get('150'))?.type, 'discord:user');
      const other = await apiHarness(db.knex, { defaultTargetType: 'matrix:user' });
      const none = await apiHarness(db.knex, {});
      try {
        assert.equal((await other.call('POST', '/api/humans', { id: '151', name: 'Matrix' })).statusCode, 200);
        assert.equal((await other.stores.humans.get('151'))?.type, 'matrix:user');
        const refused = await none.call('POST', '/api/humans', { id: '152', name: 'Nobody' });
        assert.equal(refused.statusCode, 400);
        assert.match(refused.json().message, /type is required/);
        assert.equal(await none.stores.humans.get('152'), null);
      } finally {
        await other.app.close();
        await none.app.close();
      }
    });

    it('POST /api/humans stores a type in the spec\'s neutral spelling as the real one; GET ?type= finds it either way', async () => {
      const created = await h.call('POST', '/api/humans', { id: '300', type: 'chat_b:group', name: 'Gruppe' });
      assert.equal(created.statusCode, 200, created.body);
      assert.equal(created.json().human.type, 'telegram:group');
      assert.equal((await h.stores.humans.get('300'))?.type, 'telegram:group');
      const listed = await h.call('GET', '/api/humans?type=chat_b:group');
      assert.deepEqual(listed.json().humans.map((x: { id: string }) => x.id), ['300']);
      assert.equal((await h.call('DELETE', '/api/humans/300')).statusCode, 200);
    });

    it('ids that are URLs need type webhook and work URL-encoded in the path, also when long', async () => {
      const refused = await h.call('POST', '/api/humans', { id: WEBHOOK, name: 'hook' });
      assert.equal(refused.statusCode, 400);
      const created = await h.call('POST', '/api/humans', { id: WEBHOOK, type: 'webhook', name: 'hook' });
      assert.equal(created.statusCode, 200, created.body);
      const got = await h.call('GET', `/api/humans/${enc(WEBHOOK)}`);
      assert.equal(got.statusCode, 200, got.body);
      assert.equal(got.json().human.id, WEBHOOK);
      const patched = await h.call('PATCH', `/api/humans/${enc(WEBHOOK)}`, { notes: 'a hook' });
      assert.equal(patched.json().human.notes, 'a hook');
      const junk = await h.call('GET', `/api/humans/${enc('../../etc/passwd')}`);
      assert.equal(junk.statusCode, 400);
      const missing = await h.call('GET', `/api/humans/${enc('https://example.com/nope')}`);
      assert.equal(missing.statusCode, 404);
      const deleted = await h.call('DELETE', `/api/humans/${enc(WEBHOOK)}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(await h.stores.humans.get(WEBHOOK), null);
    });

    it('GET /api/humans/{id} answers the human and its selectable areas; 404 User not found', async () => {
      const res = await h.call('GET', '/api/humans/100');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.human.name, 'Ash');
      assert.deepEqual(body.areas.map((a: { name: string }) => a.name), ['Canterbury', 'Dover', 'Secret Base']);
      assert.deepEqual(body.areas[0], { name: 'Canterbury', group: 'Kent', description: '', userSelectable: true });
      const missing = await h.call('GET', '/api/humans/nobody');
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json(), { status: 'error', message: 'User not found' });
    });

    it('GET /api/humans lists, filters by type and pages', async () => {
      await seedHuman(h.stores, 'ch-1', { type: 'discord:channel' });
      await seedHuman(h.stores, 'ch-2', { type: 'discord:channel' });
      const all = (await h.call('GET', '/api/humans')).json();
      assert.ok(all.total >= 3);
      const channels = (await h.call('GET', '/api/humans?type=discord:channel')).json();
      assert.deepEqual(channels.humans.map((x: { id: string }) => x.id), ['ch-1', 'ch-2']);
      const second = (await h.call('GET', '/api/humans?type=discord:channel&limit=1&offset=1')).json();
      assert.deepEqual(second.humans.map((x: { id: string }) => x.id), ['ch-2']);
      assert.equal(second.total, 2);
      assert.equal((await h.call('GET', '/api/humans?limit=0')).statusCode, 400);
      assert.equal((await h.call('GET', '/api/humans?offset=-1')).statusCode, 400);
      assert.equal((await h.call('GET', '/api/humans?limit=abc')).statusCode, 400);
    });

    it('PATCH /api/humans/{id} changes settings, mirrors location and areas into the current profile', async () => {
      const res = await h.call('PATCH', '/api/humans/100', { latitude: 51.3, longitude: '1.1', areas: ['DOVER'], language: 'fr', enabled: 0, notes: 'vip' });
      assert.equal(res.statusCode, 200, res.body);
      const human = res.json().human;
      assert.ok(Math.abs(human.latitude - 51.3) < 1e-5);
      assert.equal(human.area, '["dover"]');
      assert.equal(human.enabled, 0);
      assert.equal(human.language, 'fr');
      assert.equal(human.notes, 'vip');
      const profile = await h.stores.profiles.get('100', 1);
      assert.deepEqual(profile?.area, ['dover']);
      assert.ok(Math.abs((profile?.latitude ?? 0) - 51.3) < 1e-5);
    });

    it('PATCH switches the current profile only to one that exists', async () => {
      await h.stores.profiles.create({ id: '100', name: 'night', profileNo: 2, area: ['canterbury'], latitude: 51.25, longitude: 1.05 });
      const res = await h.call('PATCH', '/api/humans/100', { current_profile_no: '2' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().human.current_profile_no, 2);
      assert.equal(res.json().human.area, '["canterbury"]');
      // the profile it left kept the human's areas
      assert.deepEqual((await h.stores.profiles.get('100', 1))?.area, ['dover']);
      const missing = await h.call('PATCH', '/api/humans/100', { profile: 7 });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Profile not found');
    });

    it('PATCH refuses bad values without writing anything', async () => {
      for (const [body, field] of [
        [{ areas: ['atlantis'] }, /atlantis/],
        [{ enabled: 'maybe' }, /enabled/],
        [{ language: 'not a language' }, /language/],
        [{ longitude: 200, latitude: 0 }, /longitude/],
        [{ type: 'webhook' }, /type/],
        [{}, /no field/],
      ] as const) {
        const res = await h.call('PATCH', '/api/humans/100', body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.match(res.json().message, field);
      }
      assert.equal((await h.stores.humans.get('100'))?.language, 'fr');
      assert.equal((await h.call('PATCH', '/api/humans/nobody', { notes: 'x' })).statusCode, 404);
    });

    it('PATCH refusing a value leaves the human and its profiles exactly as they were, and asks for no reload', async () => {
      const before = await humanRows(db.knex, '100');
      const reloads = h.reloads();
      for (const body of [
        { current_profile_no: 1, latitude: 1, longitude: 1, areas: ['atlantis'], notes: 'no' },
        { profile: 1, areas: ['dover'], name: ' ', notes: 'no' },
        { profile: 9, areas: ['dover'], notes: 'no' },
      ]) {
        assert.notEqual((await h.call('PATCH', '/api/humans/100', body)).statusCode, 200, JSON.stringify(body));
      }
      assert.deepEqual(await humanRows(db.knex, '100'), before);
      assert.equal(h.reloads(), reloads);
    });

    it('PATCH failing part-way (the last write) rolls back the profile writes before it', async () => {
      const before = await humanRows(db.knex, '100');
      const reloads = h.reloads();
      await failUpdatesWhen(db.knex, db.engine, 'patch_fails', 'humans', `NEW.notes = 'doomed'`);
      try {
        const res = await h.call('PATCH', '/api/humans/100', { current_profile_no: 1, latitude: 50.9, longitude: 1.3, areas: ['canterbury'], notes: 'doomed' });
        assert.equal(res.statusCode, 500, res.body);
      } finally {
        await dropTrigger(db.knex, 'patch_fails');
      }
      assert.deepEqual(await humanRows(db.knex, '100'), before);
      assert.equal(h.reloads(), reloads);
    });

    it('DELETE /api/humans/{id} removes the human, its rules, profiles and locations', async () => {
      await seedHuman(h.stores, 'gone');
      await h.stores.profiles.create({ id: 'gone', name: 'two', profileNo: 2 });
      await h.stores.locations.create({ humanId: 'gone', label: 'home', latitude: 1, longitude: 1 });
      await h.stores.rules.insert('egg', [eggRule('gone', 1), eggRule('gone', 2, 'home')]);
      const res = await h.call('DELETE', '/api/humans/gone');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { status: 'ok' });
      assert.equal(await h.stores.humans.get('gone'), null);
      assert.deepEqual(await h.stores.profiles.list('gone'), []);
      assert.deepEqual(await h.stores.locations.list('gone'), []);
      assert.deepEqual(await h.stores.rules.list('egg', 'gone'), []);
      assert.equal((await h.call('DELETE', '/api/humans/gone')).statusCode, 404);
    });

    it('needs the secret', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/humans' });
      assert.equal(res.statusCode, 401);
    });
  },
  { migrate: true },
);
