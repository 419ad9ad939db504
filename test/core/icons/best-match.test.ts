/**
 * Icon URLs with an index: the most specific listed file, falling back flag by flag in the standard order,
 * then the folder's `0` picture; the index's own extension; odd index shapes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIconSet, parseIconIndex, type IconIndex } from '../../../core/icons/index.ts';
import { sampleIndex } from './support.ts';
import { RAID_EGG_ICON } from '../../../plugins/raid/icons.ts';
import { INVASION_ICON } from '../../../plugins/invasion/icons.ts';
import { NEST_ICON } from '../../../plugins/nest/icons.ts';

const BASE = 'https://icons.invalid/UICONS';

function setWith(raw: unknown, defaultExt = 'png') {
  const index = parseIconIndex(raw);
  assert.ok(index, 'the sample index parses');
  return createIconSet(BASE, defaultExt, () => index);
}

test('form: the form picture when listed, the base picture when not', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.pokemon(1, { form: 163 }), `${BASE}/pokemon/1_f163.png`);
  assert.equal(set.pokemon(1, { form: 999 }), `${BASE}/pokemon/1.png`);
  assert.equal(set.pokemon(26, { form: 50 }), `${BASE}/pokemon/26_f50.png`);
});

test('shiny: the shiny picture when listed, else the non-shiny one', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.pokemon(25, { shiny: true }), `${BASE}/pokemon/25_s.png`);
  assert.equal(set.pokemon(1, { form: 163, shiny: true }), `${BASE}/pokemon/1_f163_s.png`);
  assert.equal(set.pokemon(26, { form: 50, shiny: true }), `${BASE}/pokemon/26_f50.png`);
  assert.equal(set.pokemon(25), `${BASE}/pokemon/25.png`);
});

test('costume: form+costume, then the later flags are dropped first, then the costume alone, then the bare id', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.pokemon(25, { form: 598, costume: 27 }), `${BASE}/pokemon/25_f598_c27.png`);
  // 25_f598_c5 and 25_f598 are not listed: the costume without the form is
  assert.equal(set.pokemon(25, { form: 598, costume: 5 }), `${BASE}/pokemon/25_c5.png`);
  assert.equal(set.pokemon(25, { form: 598, costume: 99, shiny: true }), `${BASE}/pokemon/25_s.png`);
  assert.equal(set.pokemon(25, { costume: 99, gender: 2, alignment: 1 }), `${BASE}/pokemon/25.png`);
});

test('mega evolution before form; an unknown pokemon is the 0 picture', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.pokemon(3, { evolution: 1, shiny: true }), `${BASE}/pokemon/3_e1_s.png`);
  assert.equal(set.pokemon(3, { evolution: 1, form: 169 }), `${BASE}/pokemon/3_e1.png`);
  assert.equal(set.pokemon(382, { evolution: 4 }), `${BASE}/pokemon/382_e4.png`);
  assert.equal(set.pokemon(9999), `${BASE}/pokemon/0.png`);
});

test('eggs, gyms, stops, invasions, rewards and simple folders resolve the same way', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.icon(RAID_EGG_ICON, 5, { hatched: true }), `${BASE}/raid/egg/5_h.png`);
  assert.equal(set.icon(RAID_EGG_ICON, 5, { hatched: true, ex: true }), `${BASE}/raid/egg/5_h.png`);
  assert.equal(set.icon(RAID_EGG_ICON, 1, { ex: true }), `${BASE}/raid/egg/1_ex.png`);
  assert.equal(set.icon(RAID_EGG_ICON, 7), `${BASE}/raid/egg/0.png`);
  assert.equal(set.gym(1, { trainerCount: 3, inBattle: true }), `${BASE}/gym/1_t3.png`);
  assert.equal(set.gym(2, { trainerCount: 6, inBattle: true }), `${BASE}/gym/2_b.png`);
  assert.equal(set.pokestop({ invasionActive: true, questActive: true }), `${BASE}/pokestop/0_i.png`);
  assert.equal(set.pokestop({ lure: 501, questActive: true, ar: true }), `${BASE}/pokestop/501_q.png`);
  assert.equal(set.pokestop({ lure: 504 }), `${BASE}/pokestop/0.png`);
  assert.equal(set.icon(INVASION_ICON, 49), `${BASE}/invasion/49.png`);
  assert.equal(set.icon(INVASION_ICON, 50), `${BASE}/invasion/0.png`);
  assert.equal(set.reward('item', 1, 5), `${BASE}/reward/item/1_a5.png`);
  assert.equal(set.reward('item', 1, 7), `${BASE}/reward/item/1.png`);
  assert.equal(set.reward('candy', 25, 3), `${BASE}/reward/candy/25_a3.png`);
  assert.equal(set.reward('stardust', 1500), `${BASE}/reward/stardust/1500.png`);
  assert.equal(set.reward('stardust', 0, 777), `${BASE}/reward/stardust/0.png`);
  assert.equal(set.type(12), `${BASE}/type/12.png`);
  assert.equal(set.weather(2), `${BASE}/weather/2.png`);
  assert.equal(set.team(3), `${BASE}/team/3.png`);
  assert.equal(set.icon(NEST_ICON, 12), `${BASE}/nest/12.png`);
});

test('a folder without a 0 picture falls back to 0 with the folder extension; an unlisted folder uses the bare name', () => {
  const set = setWith(sampleIndex());
  assert.equal(set.type(99), `${BASE}/type/0.png`);
  // sampleIndex has no reward/xl_candy or reward/experience folder
  assert.equal(set.reward('xl_candy', 25, 2), `${BASE}/reward/xl_candy/25.png`);
  assert.equal(set.reward('experience', 1000), `${BASE}/reward/experience/1000.png`);
});

test('a .webp repository: the index decides the extension, also for folders it does not list', () => {
  const set = setWith(sampleIndex('webp'), 'png');
  assert.equal(set.pokemon(25, { shiny: true }), `${BASE}/pokemon/25_s.webp`);
  assert.equal(set.pokemon(9999), `${BASE}/pokemon/0.webp`);
  assert.equal(set.reward('xl_candy', 25), `${BASE}/reward/xl_candy/25.webp`);
});

test('a name listed in two formats takes the folder’s usual one', () => {
  const set = setWith({ pokemon: ['1.png', '25.png', '25.webp', '26.png'] }, 'webp');
  assert.equal(set.pokemon(25), `${BASE}/pokemon/25.png`);
});

test('shapes that are not a UICONS index are refused', () => {
  const refused: unknown[] = [null, 'x', 42, [], ['1.png'], {}, { pokemon: 'x' }, { pokemon: [1, 2] }, { pokemon: ['index.json'] }, { reward: { '0': '0.png' } }];
  for (const raw of refused) assert.equal(parseIconIndex(raw), null, JSON.stringify(raw));
  const index: IconIndex | null = parseIconIndex({ pokemon: ['1.png', 7, null, 'noext', '2.png'], junk: 5 });
  assert.equal(index?.fileCount, 2);
  assert.equal(index?.ext, 'png');
});
