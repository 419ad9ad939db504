import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { API_REWARD_TYPES, questApi } from '../../../plugins/quest/api.ts';
import { REWARD } from '../../../plugins/quest/event.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(questApi);
after(() => h.close());

it('serves type quest with the default updatable columns', () => {
  assert.equal(questApi.type, 'quest');
  assert.equal(questApi.updatable, undefined);
});

it('reward, form, amount and shiny default to 0', () => {
  assert.deepEqual(h.draft({ reward_type: 3 }), [{ reward_type: 3, reward: 0, form: 0, amount: 0, shiny: 0 }]);
});

it('reads loose values: numbers as text, shiny as true / "1"', () => {
  assert.deepEqual(h.draft({ reward_type: '7', reward: '25', form: '598', shiny: true }), [{ reward_type: 7, reward: 25, form: 598, amount: 0, shiny: 1 }]);
  assert.deepEqual(h.draft({ reward_type: 12, reward: 6, amount: '50', shiny: '1' }), [{ reward_type: 12, reward: 6, amount: 50, form: 0, shiny: 1 }]);
});

it('accepts the previous five reward types and those the plugin also tracks (XP, PokéCoins, XL candy, stickers)', () => {
  assert.deepEqual(API_REWARD_TYPES, [1, 2, 3, 4, 7, 8, 9, 11, 12]);
  for (const type of API_REWARD_TYPES) assert.equal(h.draft({ reward_type: type })[0]?.reward_type, type);
});

it('refuses a missing or unknown reward_type with the previous wording, and bad values naming the field', () => {
  assert.throws(() => h.draft({}), /body\[0\]\.reward_type: Unrecognised reward_type value/);
  assert.throws(() => h.draft({ reward_type: REWARD.levelCap }), /body\[0\]\.reward_type must be one of 1, 2, 3, 4, 7, 8, 9, 11, 12 \(Unrecognised reward_type value\)/);
  assert.throws(() => h.draft({ reward_type: 'stardust' }), /body\[0\]\.reward_type must be one of/);
  assert.throws(() => h.draft({ reward_type: 2, reward: -1 }), /body\[0\]\.reward must be a whole number of at least 0/);
  assert.throws(() => h.draft({ reward_type: 7, form: 'alola' }), /body\[0\]\.form must be/);
  assert.throws(() => h.draft({ reward_type: 2, amount: 2.5 }), /body\[0\]\.amount must be/);
  assert.throws(() => h.draft({ reward_type: 7, shiny: 'sometimes' }), /body\[0\]\.shiny must be true or false/);
});

it('leaves unknown fields unread so the core refuses them', () => {
  assert.deepEqual(h.unread({ reward_type: 3, with_ar: true }), ['with_ar']);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ reward_type: 7, reward: 25, form: 598, amount: 1, shiny: 1 });
  const [stored] = await h.storedAsGet('quest', rows);
  assert.ok(stored);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
