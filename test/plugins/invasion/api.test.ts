import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { invasionApi } from '../../../plugins/invasion/api.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(invasionApi);
after(() => h.close());

it('serves type invasion with the default updatable columns', () => {
  assert.equal(invasionApi.type, 'invasion');
  assert.equal(invasionApi.updatable, undefined);
  assert.equal(invasionApi.noClean, undefined);
});

it('gender defaults to 0 (any); grunt_type is stored as the lower-case word the matcher compares', () => {
  assert.deepEqual(h.draft({ grunt_type: 'dragon' }), [{ grunt_type: 'dragon', gender: 0 }]);
  assert.deepEqual(h.draft({ grunt_type: ' Everything ' }), [{ grunt_type: 'everything', gender: 0 }]);
  assert.deepEqual(h.draft({ grunt_type: 'BOSS', gender: 2 }), [{ grunt_type: 'boss', gender: 2 }]);
});

it('accepts the words of the incident command, the game data grunt types and unnamed stop events', () => {
  const words: [unknown, string][] = [
    ['metal', 'steel'],
    ['Steel', 'steel'],
    ['mixed', 'mixed'],
    ['darkness', 'darkness'],
    ['gruntb', 'gruntb'],
    ['decoy', 'decoy'],
    ['giovanni', 'giovanni'],
    ['Cliff', 'cliff'],
    ['gold-stop', 'gold-stop'],
    ['gold stop', 'gold-stop'],
    ['kecleon', 'kecleon'],
    ['showcase', 'showcase'],
    ['event-12', 'event-12'],
    ['unset', 'unset'],
  ];
  for (const [sent, stored] of words) assert.equal(h.draft({ grunt_type: sent })[0]?.grunt_type, stored, String(sent));
});

it('a grunt id the game data knows is stored as its grunt type word', () => {
  assert.equal(h.draft({ grunt_type: 6 })[0]?.grunt_type, 'bug');
  assert.equal(h.draft({ grunt_type: '4' })[0]?.grunt_type, 'mixed');
  assert.equal(h.draft({ grunt_type: 44 })[0]?.grunt_type, 'giovanni');
});

it('reads gender loosely', () => {
  assert.equal(h.draft({ grunt_type: 'water', gender: '1' })[0]?.gender, 1);
  assert.equal(h.draft({ grunt_type: 'water', gender: null })[0]?.gender, 0);
});

it('refuses a missing, empty or unknown grunt_type and a bad gender, naming the field', () => {
  assert.throws(() => h.draft({}), /body\[0\]\.grunt_type: Grunt type mandatory/);
  assert.throws(() => h.draft({ grunt_type: null }), /body\[0\]\.grunt_type: Grunt type mandatory/);
  assert.throws(() => h.draft({ grunt_type: '  ' }), /body\[0\]\.grunt_type: Grunt type mandatory/);
  assert.throws(() => h.draft({ grunt_type: 'pikachu' }), /body\[0\]\.grunt_type: Unrecognised grunt_type value "pikachu"/);
  assert.throws(() => h.draft({ grunt_type: 9999 }), /body\[0\]\.grunt_type: Unrecognised grunt_type value "9999"/);
  assert.throws(() => h.draft({ grunt_type: true }), /body\[0\]\.grunt_type must be a grunt type/);
  assert.throws(() => h.draft({ grunt_type: ['dragon'] }), /body\[0\]\.grunt_type must be a grunt type/);
  assert.throws(() => h.draft({ grunt_type: 'dragon', gender: 3 }), /body\[0\]\.gender must be a whole number from 0 to 2/);
  assert.throws(() => h.draft({ grunt_type: 'dragon', gender: 'female' }), /body\[0\]\.gender must be/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ grunt_type: 'fire', lineup: [] }), ['lineup']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ grunt_type: 'ghost', gender: 2 });
  const [stored] = await h.storedAsGet('invasion', rows);
  assert.ok(stored);
  for (const column of ['uid', 'id', 'profile_no', 'ping', 'template', 'clean', 'distance', 'override_areas', 'override_location_label']) assert.ok(column in stored, column);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
