import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { register, trackingHarness, type TrackingHarness } from './tracking-harness.ts';

await forEachDatabase('API tracking (previous generation routes)', (db) => {
  let h: TrackingHarness;
  before(async () => {
    h = await trackingHarness(db);
    await register(h, 'c1', { area: ['old town'] });
  });
  after(() => h.s.stop());

  it('POST /tracking/{type}/{id} takes one object or a list, loose values, and answers the counts', async () => {
    const one = await h.call('POST', '/api/tracking/lure/c1?suppressMessage=true', { lure_id: '501', clean: 1, distance: '0' });
    assert.equal(one.statusCode, 200, one.body);
    assert.deepEqual(Object.keys(one.json()).sort(), ['alreadyPresent', 'insert', 'message', 'newUids', 'status', 'updates']);
    assert.equal(one.json().insert, 1);
    const many = await h.call('POST', '/api/tracking/lure/c1?silent', [{ lure_id: 501, clean: true }, { lure_id: 502, type: 'anything' }]);
    assert.equal(many.statusCode, 200, many.body);
    assert.deepEqual([many.json().alreadyPresent, many.json().insert], [1, 1]);
  });

  it('GET /tracking/{type}/{id} answers the rows raw with a description, under the type', async () => {
    const list = await h.call('GET', '/api/tracking/lure/c1');
    assert.equal(list.statusCode, 200, list.body);
    const rows = list.json().lure as Record<string, unknown>[];
    assert.equal(rows.length, 2);
    for (const key of ['uid', 'id', 'profile_no', 'ping', 'clean', 'distance', 'template', 'lure_id', 'description']) assert.ok(key in rows[0]!, key);
    assert.equal(rows[0]!.clean, 1);
    assert.equal(typeof rows[0]!.description, 'string');
    assert.equal((await h.call('GET', '/api/tracking/monsterz/c1')).statusCode, 400);
    assert.equal((await h.call('GET', '/api/tracking/lure/nobody')).statusCode, 404);
  });

  it('a whole row sent back unchanged is already present', async () => {
    const [row] = (await h.call('GET', '/api/tracking/lure/c1')).json().lure as Record<string, unknown>[];
    const { uid: _uid, ...copy } = row!;
    const answer = await h.call('POST', '/api/tracking/lure/c1?silent', [copy]);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.json().alreadyPresent, 1);
  });

  it('all and allProfiles answer the human, every type and the profile(s)', async () => {
    const all = (await h.call('GET', '/api/tracking/all/c1')).json();
    assert.equal(all.status, 'ok');
    assert.equal(all.human.id, 'c1');
    assert.equal(all.lure.length, 2);
    assert.equal(all.lure[0].description, undefined, 'no descriptions unless asked');
    assert.equal(all.profile.profile_no, 1);
    const described = (await h.call('GET', '/api/tracking/all/c1?includeDescriptions=true')).json();
    assert.equal(typeof described.lure[0].description, 'string');
    const every = (await h.call('GET', '/api/tracking/allProfiles/c1')).json();
    assert.ok(Array.isArray(every.profile));
    assert.equal(typeof every.lure[0].description, 'string');
    assert.equal((await h.call('GET', '/api/tracking/allProfiles/c1?includeDescriptions=false')).json().lure[0].description, undefined);
    for (const route of ['all', 'allProfiles']) assert.equal((await h.call('GET', `/api/tracking/${route}/nobody`)).statusCode, 404);
  });

  it('deletes by uid (byUid and /delete with one uid or a list)', async () => {
    const uids = (await h.rows('lures', 'c1')).map((r) => r.uid as number);
    const byUid = await h.call('DELETE', `/api/tracking/lure/c1/byUid/${uids[0]}`);
    assert.equal(byUid.statusCode, 200, byUid.body);
    assert.match(byUid.json().message, /^Removed: /);
    assert.equal((await h.call('POST', '/api/tracking/lure/c1/delete', [])).statusCode, 400);
    assert.equal((await h.call('POST', '/api/tracking/lure/c1/delete', ['x'])).statusCode, 400);
    assert.equal((await h.call('POST', '/api/tracking/lure/c1/delete', [uids[0]])).statusCode, 404);
    const rest = await h.call('POST', '/api/tracking/lure/c1/delete', uids.slice(1).map(String));
    assert.equal(rest.statusCode, 200, rest.body);
    assert.equal((await h.rows('lures', 'c1')).length, 0);
  });

  it('refresh rebuilds the state', async () => {
    const version = h.s.app.state.current.version;
    const answer = await h.call('GET', '/api/tracking/pokemon/refresh');
    assert.deepEqual(answer.json(), { status: 'ok' });
    assert.ok(h.s.app.state.current.version > version);
  });
});
