import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { apiHarness, eggRule, enc, lureRule, seedHuman, type ApiHarness } from './harness.ts';

await forEachDatabase(
  'API named locations',
  (db) => {
    let h: ApiHarness;
    before(async () => {
      h = await apiHarness(db.knex);
      await seedHuman(h.stores, 'loc');
    });
    after(() => h.app.close());

    it('adds, lists and refuses a taken label with 409', async () => {
      const add = await h.call('POST', '/api/humans/loc/locations/add', { label: ' home ', latitude: '51.28', longitude: 1.08 });
      assert.equal(add.statusCode, 200, add.body);
      assert.equal(add.json().location.label, 'home');
      assert.equal((await h.call('POST', '/api/humans/loc/locations/add', { label: 'work', latitude: 51.1, longitude: 1.3 })).statusCode, 200);
      const list = await h.call('GET', '/api/humans/loc/locations');
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json().locations.map((l: { label: string }) => l.label), ['home', 'work']);
      assert.equal(list.json().locations[0].id, 'loc');
      const dup = await h.call('POST', '/api/humans/loc/locations/add', { label: 'home', latitude: 1, longitude: 1 });
      assert.equal(dup.statusCode, 409);
      assert.equal(dup.json().status, 'error');
    });

    it('validates label and coordinates, naming the field', async () => {
      const cases: [unknown, RegExp][] = [
        [{ latitude: 1, longitude: 1 }, /label/],
        [{ label: '', latitude: 1, longitude: 1 }, /label/],
        [{ label: 'x'.repeat(65), latitude: 1, longitude: 1 }, /label/],
        [{ label: '../etc', latitude: 1, longitude: 1 }, /label/],
        [{ label: 'ok', latitude: 91, longitude: 1 }, /latitude/],
        [{ label: 'ok', latitude: 1, longitude: 'east' }, /longitude/],
        [{ label: 'ok' }, /latitude/],
        [{ label: 'ok', latitude: 1, longitude: 1, note: 1 }, /note/],
      ];
      for (const [body, field] of cases) {
        const res = await h.call('POST', '/api/humans/loc/locations/add', body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.match(res.json().message, field);
      }
    });

    it('unknown human or location → 404', async () => {
      assert.equal((await h.call('GET', '/api/humans/nobody/locations')).statusCode, 404);
      assert.equal((await h.call('POST', '/api/humans/nobody/locations/add', { label: 'a', latitude: 1, longitude: 1 })).statusCode, 404);
      assert.equal((await h.call('POST', '/api/humans/loc/locations/nowhere/delete')).statusCode, 404);
      assert.equal((await h.call('POST', `/api/humans/loc/locations/${enc('a/b')}/delete`)).statusCode, 400);
    });

    it('refuses (409) to delete a location referenced by rules of any profile, listing them', async () => {
      await h.stores.profiles.create({ id: 'loc', name: 'two', profileNo: 2 });
      const [egg] = await h.stores.rules.insert('egg', [eggRule('loc', 1, 'home')]);
      const [lure] = await h.stores.rules.insert('lures', [lureRule('loc', 2, 'home')]);
      await h.stores.rules.insert('egg', [eggRule('loc', 1, 'work'), eggRule('loc', 1)]);
      const res = await h.call('POST', '/api/humans/loc/locations/home/delete');
      assert.equal(res.statusCode, 409);
      const body = res.json();
      assert.equal(body.status, 'error');
      assert.match(body.message, /home.*2 rules/);
      assert.deepEqual(
        [...body.rules].sort((a: { table: string }, b: { table: string }) => a.table.localeCompare(b.table)),
        [
          { table: 'egg', uid: egg!.uid, profile_no: 1 },
          { table: 'lures', uid: lure!.uid, profile_no: 2 },
        ],
      );
      assert.ok(await h.stores.locations.get('loc', 'home'));
      // once the rules are gone it can be deleted
      await h.stores.rules.deleteByUid('egg', 'loc', [egg!.uid]);
      await h.stores.rules.deleteByUid('lures', 'loc', [lure!.uid]);
      const ok = await h.call('POST', '/api/humans/loc/locations/home/delete');
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(await h.stores.locations.get('loc', 'home'), null);
    });

    it('labels with spaces and non-ASCII work URL-encoded', async () => {
      const label = 'Café Nord';
      assert.equal((await h.call('POST', '/api/humans/loc/locations/add', { label, latitude: 1, longitude: 2 })).statusCode, 200);
      const res = await h.call('POST', `/api/humans/loc/locations/${enc(label)}/delete`);
      assert.equal(res.statusCode, 200, res.body);
    });
  },
  { migrate: true },
);
