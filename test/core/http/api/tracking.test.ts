import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { register, trackingHarness, type TrackingHarness } from './tracking-harness.ts';

await forEachDatabase(
  'API tracking (spec routes)',
  (db) => {
    let h: TrackingHarness;
    before(async () => {
      h = await trackingHarness(db);
      await register(h, 'u1', { latitude: 48.1365, longitude: 11.572, area: ['old town'] });
      await register(h, 'u2');
      await h.call('POST', '/api/humans/u1/locations/add', { label: 'Home', latitude: 48.14, longitude: 11.58 });
    });
    after(() => h.s.stop());

    it('adds rules, then tells already present, updated in place and new apart', async () => {
      const first = await h.call('POST', '/api/tracking/u1?silent', [{ type: 'lure', lure_id: 502 }, { type: 'lure', lure_id: '503', distance: 500 }]);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().insert, 2);
      assert.equal(first.json().newUids.length, 2);
      assert.equal(first.json().message, '');
      const rows = await h.rows('lures', 'u1');
      assert.deepEqual(rows.map((r) => [r.lure_id, r.distance, r.profile_no, r.template, r.ping]), [[502, 0, 1, '1', ''], [503, 500, 1, '1', '']]);

      const again = await h.call('POST', '/api/tracking/u1', [
        { type: 'lure', lure_id: 502 },
        { type: 'lure', lure_id: 503, distance: 800 },
        { type: 'lure', lure_id: 504, clean: true },
      ]);
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual([again.json().alreadyPresent, again.json().updates, again.json().insert], [1, 1, 1]);
      assert.match(again.json().message, /^Updated: .*\nNew: .*\nUnchanged: /);
      const after = await h.rows('lures', 'u1');
      assert.equal(after.length, 3);
      assert.equal(after[1]!.uid, rows[1]!.uid, 'the distance changed in place');
      assert.equal(after[1]!.distance, 800);
      assert.equal(after[2]!.clean, 1);
    });

    it('lists every rule of the current profile with type, uid and description', async () => {
      const list = await h.call('GET', '/api/tracking/u1');
      assert.equal(list.statusCode, 200, list.body);
      const body = list.json();
      assert.equal(body.profile_no, 1);
      assert.equal(body.human.id, 'u1');
      assert.ok(body.tracking.length >= 3);
      for (const rule of body.tracking) {
        assert.equal(typeof rule.uid, 'number');
        assert.equal(typeof rule.type, 'string');
        assert.ok(rule.description.length > 0);
      }
      assert.ok(body.tracking.some((r: { type: string; description: string }) => r.type === 'lure' && /distance: 800/.test(r.description)));
    });

    it('applies the spec rule errors and the fence/location checks, writing nothing', async () => {
      const before = (await h.rows('lures', 'u2')).length;
      const cases: [unknown, number, RegExp][] = [
        [[{ type: 'lure', lure_id: 501, distance: 500, override_areas: ['old town'] }], 400, /body\[0\]\.distance: .*mutually exclusive/],
        [[{ type: 'lure', override_areas: ['old town'], location: 'home' }], 400, /not both/],
        [[{ type: 'lure', override_location_label: 'home' }], 400, /needs a distance/],
        [[{ type: 'lure', override_areas: '["atlantis"]' }], 400, /Unknown area: atlantis/],
        [[{ type: 'lure', distance: 100, location: 'nowhere' }], 400, /Unknown location "nowhere"/],
        [[{ type: 'lure', lure_id: 501 }, { type: 'lure', colour: 'red' }], 400, /body\[1\]\.colour: unknown field colour/],
        [[{ type: 'pidgey' }], 400, /body\[0\]\.type: unknown tracking type "pidgey" \(known: .*lure/],
        [[{ lure_id: 501 }], 400, /body\[0\]\.type is required/],
        [[{ type: 'lure', clean: 'sometimes' }], 400, /body\[0\]\.clean/],
        [[{ type: 'lure', profile_no: 7 }], 404, /Profile not found/],
        [[{ type: 'lure', uid: 999999 }], 404, /uid 999999/],
        [[], 400, /must not be empty/],
        ['"text"', 400, /JSON object/],
      ];
      for (const [body, status, message] of cases) {
        const answer = await h.call('POST', '/api/tracking/u2', body);
        assert.equal(answer.statusCode, status, `${JSON.stringify(body)} → ${answer.body}`);
        assert.equal(answer.json().status, 'error');
        assert.match(answer.json().message, message);
      }
      assert.equal((await h.rows('lures', 'u2')).length, before);
      assert.equal((await h.call('POST', '/api/tracking/nobody', [{ type: 'lure' }])).statusCode, 404);
      const hook = h.s.hookUrl('templates');
      await register(h, hook, { type: 'webhook' });
      const missing = await h.call('POST', `/api/tracking/${encodeURIComponent(hook)}`, [{ type: 'lure', template: 'nope' }]);
      assert.equal(missing.statusCode, 400, missing.body);
      assert.match(missing.json().message, /body\[0\]\.template: template "nope" does not exist for lure alerts on webhook/);
      assert.equal((await h.call('POST', `/api/tracking/${encodeURIComponent(hook)}?silent`, [{ type: 'lure', template: '1' }])).statusCode, 200);
      assert.equal((await h.call('GET', '/api/tracking/nobody')).statusCode, 404);
    });

    it('measures a rule from a saved location, shown with @ label', async () => {
      const answer = await h.call('POST', '/api/tracking/u1?silent=1', [{ type: 'lure', lure_id: 505, distance: 300, location: 'home' }]);
      assert.equal(answer.statusCode, 200, answer.body);
      const row = (await h.rows('lures', 'u1')).find((r) => r.lure_id === 505)!;
      assert.equal(row.override_location_label, 'Home');
      const list = (await h.call('GET', '/api/tracking/u1')).json();
      assert.ok(list.tracking.some((r: { uid: number; description: string }) => r.uid === row.uid && r.description.endsWith('@ Home')));
      const refused = await h.call('POST', '/api/humans/u1/locations/Home/delete');
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json().rules.map((r: { uid: number }) => r.uid), [row.uid]);
    });

    it('updates a rule in place by uid and writes to another profile with ?profile_no', async () => {
      const [row] = await h.rows('lures', 'u1');
      const update = await h.call('POST', '/api/tracking/u1?silent', { type: 'lure', uid: row!.uid, lure_id: 506, distance: 250 });
      assert.equal(update.statusCode, 200, update.body);
      assert.equal(update.json().updates, 1);
      const changed = (await h.rows('lures', 'u1')).find((r) => r.uid === row!.uid)!;
      assert.deepEqual([changed.lure_id, changed.distance], [506, 250]);

      assert.equal((await h.call('POST', '/api/profiles/u1', { profile_no: 2, name: 'night' })).statusCode, 200);
      const other = await h.call('POST', '/api/tracking/u1?profile_no=2&silent', [{ type: 'lure', lure_id: 501 }]);
      assert.equal(other.statusCode, 200, other.body);
      assert.equal((await h.rows('lures', 'u1')).filter((r) => r.profile_no === 2).length, 1);
      assert.equal((await h.call('GET', '/api/tracking/u1?profile_no=2')).json().tracking.length, 1);
    });

    it('serves a table without reach columns and with a numeric template (weather)', async () => {
      const added = await h.call('POST', '/api/tracking/u2?silent', [{ type: 'weather', condition: 'rain' }, { type: 'weather', condition: 0, template: '2' }]);
      assert.equal(added.statusCode, 200, added.body);
      const rows = await h.rows('weather', 'u2');
      assert.deepEqual(rows.map((r) => [r.condition, Number(r.template)]), [[2, 1], [0, 2]]);
      assert.equal('distance' in rows[0]!, false);
      for (const [field, value] of [['distance', 500], ['areas', ['old town']], ['location', 'home']] as const) {
        const refused = await h.call('POST', '/api/tracking/u2', [{ type: 'weather', [field]: value }]);
        assert.equal(refused.statusCode, 400, refused.body);
        assert.match(refused.json().message, new RegExp(`body\\[0\\]\\.${field}: weather rules follow the human's areas`));
      }
      const words = await h.call('POST', '/api/tracking/u2', [{ type: 'weather', template: 'fancy' }]);
      assert.match(words.json().message, /body\[0\]\.template must be a whole number/);
      assert.equal((await h.rows('weather', 'u2')).length, 2);
    });

    it('deletes one rule by type and uid; unknown uid 404, bad uid 400', async () => {
      const [row] = await h.rows('lures', 'u1');
      const gone = await h.call('DELETE', `/api/tracking/u1/lure/${row!.uid}`);
      assert.equal(gone.statusCode, 200, gone.body);
      assert.match(gone.json().message, /^Removed: /);
      assert.equal((await h.rows('lures', 'u1')).some((r) => r.uid === row!.uid), false);
      assert.equal((await h.call('DELETE', `/api/tracking/u1/lure/${row!.uid}`)).statusCode, 404);
      assert.equal((await h.call('DELETE', '/api/tracking/u1/lure/abc')).statusCode, 400);
      assert.equal((await h.call('DELETE', '/api/tracking/u1/pidgey/1')).statusCode, 400);
    });

    it('asks for a state reload after every write, so the rules match within a second', async () => {
      const version = h.s.app.state.current.version;
      await h.call('POST', '/api/tracking/u2?silent', [{ type: 'lure', lure_id: 504 }]);
      await h.s.settled();
      assert.ok(h.s.app.state.current.version > version);
    });
  },
);
