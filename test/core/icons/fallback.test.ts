/**
 * IconSet.orElse: a [fallbacks] URL where the set cannot show a picture — no repository configured, or an index
 * that lists none of the picture's names (nor its folder) — while listed pictures, and every picture before an
 * index is known, keep their URLs; '' keeps the set's own `0` picture.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIconSet, emptyIconSet, parseIconIndex, type IconIndex } from '../../../core/icons/index.ts';
import { RAID_EGG_ICON } from '../../../plugins/raid/icons.ts';

const BASE = 'https://icons.invalid/UICONS';
const FALLBACK = 'https://fallback.test/mon.png';

function indexOf(raw: unknown): IconIndex {
  const index = parseIconIndex(raw);
  assert.ok(index, 'the index parses');
  return index;
}

const INDEX = indexOf({ pokemon: ['0.png', '25.png', '25_s.png'], gym: ['0.png', '1.png'], raid: { egg: ['0.png', '5.png'] } });

test('a picture the index lists keeps its URL, the most specific name first', () => {
  const set = createIconSet(BASE, 'png', () => INDEX).orElse(FALLBACK);
  assert.equal(set.pokemon(25, { shiny: true }), `${BASE}/pokemon/25_s.png`);
  assert.equal(set.pokemon(25, { form: 9 }), `${BASE}/pokemon/25.png`);
  assert.equal(set.icon(RAID_EGG_ICON, 5), `${BASE}/raid/egg/5.png`);
});

test('a picture the index lacks, or a folder it does not list, is the fallback instead of the `0` picture', () => {
  const plain = createIconSet(BASE, 'png', () => INDEX);
  const set = plain.orElse(FALLBACK);
  assert.equal(plain.pokemon(999), `${BASE}/pokemon/0.png`);
  assert.equal(set.pokemon(999), FALLBACK);
  assert.equal(set.gym(3), FALLBACK);
  assert.equal(set.weather(2), FALLBACK, 'no weather folder in the index');
  assert.equal(set.icon(RAID_EGG_ICON, 6), FALLBACK);
});

test('before an index is known nothing says a picture is missing: the standard names stay', () => {
  let index: IconIndex | null = null;
  const set = createIconSet(BASE, 'png', () => index).orElse(FALLBACK);
  assert.equal(set.pokemon(999), `${BASE}/pokemon/999.png`);
  index = INDEX;
  assert.equal(set.pokemon(999), FALLBACK, 'the index swapped in is read on the next call');
});

test('without a repository every picture is the fallback; without a fallback the set answers as before', () => {
  assert.equal(emptyIconSet().orElse(FALLBACK).pokestop(), FALLBACK);
  assert.equal(emptyIconSet().orElse('').pokestop(), '');
  const plain = createIconSet(BASE, 'png', () => INDEX);
  assert.equal(plain.orElse(''), plain);
  assert.equal(plain.orElse('').pokemon(999), `${BASE}/pokemon/0.png`);
});

test('asking for the same fallback again gives the same set (nothing is built per alert); orElse on it switches the fallback', () => {
  const plain = createIconSet(BASE, 'png', () => INDEX);
  const set = plain.orElse(FALLBACK);
  assert.equal(plain.orElse(FALLBACK), set);
  assert.equal(set.orElse('https://fallback.test/gym.png').gym(3), 'https://fallback.test/gym.png');
  assert.equal(set.orElse(''), plain);
});
