/**
 * The lure table (moved from core/gamedata/tables.ts): names, colours and emoji keys by item id, readable
 * fallbacks for unknown ids, and names in a language from the translations' `lure_<id>`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameData } from '../../../core/gamedata/game-data.ts';
import { fixtureGameData } from '../../../test/helpers/plugin-setup.ts';
import { LURE_IDS, lureInfo, lureName } from '../lures.ts';

test('lures by item id: name, colour and emoji key', () => {
  assert.deepEqual([lureInfo(503).name, lureInfo(503).emojiKey], ['Mossy', 'lure-mossy']);
  assert.match(lureInfo(506).color, /^#[0-9a-f]{6}$/);
  assert.deepEqual(LURE_IDS, [501, 502, 503, 504, 505, 506]);
  assert.ok(Object.isFrozen(lureInfo(501)));
});

test('an unknown lure degrades to a readable fallback', () => {
  assert.deepEqual(lureInfo(599), { id: 599, name: 'Lure 599', color: '#888888', emojiKey: '', known: false });
  assert.equal(lureName(GameData.empty(), 599, 'de'), 'Lure 599');
});

test('names in a language come from the translations, English without one', async () => {
  const g = await fixtureGameData();
  assert.equal(lureName(g, 502, 'de'), 'Gletscher');
  assert.equal(lureName(g, 502), 'Glacial');
});
