/**
 * Icon URLs without an index: the bare standard UICONS names, the set's extension, empty and missing sets.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIcons } from '../../../core/icons/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { RAID_EGG_ICON } from '../../../plugins/raid/icons.ts';
import { INVASION_ICON } from '../../../plugins/invasion/icons.ts';
import { NEST_ICON } from '../../../plugins/nest/icons.ts';

const BASE = 'https://icons.invalid/UICONS';

function icons(overrides: { img?: string; alt?: string; sticker?: string } = {}) {
  return createIcons({ img: BASE, alt: '', sticker: '', log: silentLogger(), ...overrides });
}

test('without an index every picture is its mandatory key in the standard folder, as .png', () => {
  const set = icons().image();
  assert.equal(set.pokemon(25, { form: 598, costume: 27, gender: 1, shiny: true, evolution: 1, alignment: 1, bread: 2 }), `${BASE}/pokemon/25.png`);
  assert.equal(set.pokemon(3), `${BASE}/pokemon/3.png`);
  assert.equal(set.icon(RAID_EGG_ICON, 5, { hatched: true, ex: true }), `${BASE}/raid/egg/5.png`);
  assert.equal(set.gym(2, { trainerCount: 4, inBattle: true }), `${BASE}/gym/2.png`);
  assert.equal(set.pokestop({ lure: 501, questActive: true }), `${BASE}/pokestop/501.png`);
  assert.equal(set.pokestop(), `${BASE}/pokestop/0.png`);
  assert.equal(set.icon(INVASION_ICON, 49), `${BASE}/invasion/49.png`);
  assert.equal(set.type(12), `${BASE}/type/12.png`);
  assert.equal(set.weather(3), `${BASE}/weather/3.png`);
  assert.equal(set.team(1), `${BASE}/team/1.png`);
  assert.equal(set.icon(NEST_ICON, 12), `${BASE}/nest/12.png`);
});

test('rewards: item and pokemon resources by id, stardust/experience/pokecoin by amount', () => {
  const set = icons().image();
  assert.equal(set.reward('item', 701, 5), `${BASE}/reward/item/701.png`);
  assert.equal(set.reward('candy', 25, 3), `${BASE}/reward/candy/25.png`);
  assert.equal(set.reward('xl_candy', 25), `${BASE}/reward/xl_candy/25.png`);
  assert.equal(set.reward('mega_resource', 3, 20), `${BASE}/reward/mega_resource/3.png`);
  assert.equal(set.reward('stardust', 1500), `${BASE}/reward/stardust/1500.png`);
  assert.equal(set.reward('stardust', 0, 500), `${BASE}/reward/stardust/500.png`);
  assert.equal(set.reward('experience', 1000), `${BASE}/reward/experience/1000.png`);
  assert.equal(set.reward('pokecoin', 0, 10), `${BASE}/reward/pokecoin/10.png`);
  assert.equal(set.reward('memory', 7), `${BASE}/reward/memory/7.png`);
});

test('the sticker set defaults to .webp; trailing slashes are dropped', () => {
  const all = icons({ img: `${BASE}/`, sticker: 'https://stickers.invalid/Shuffle//' });
  assert.equal(all.image().pokemon(1), `${BASE}/pokemon/1.png`);
  assert.equal(all.sticker()?.pokemon(1), 'https://stickers.invalid/Shuffle/pokemon/1.webp');
  assert.equal(all.sticker()?.icon(RAID_EGG_ICON, 3), 'https://stickers.invalid/Shuffle/raid/egg/3.webp');
});

test('an empty alt or sticker URL is no set; an empty image URL gives empty strings', () => {
  const none = icons({ img: '', alt: '', sticker: '  ' });
  assert.equal(none.alt(), null);
  assert.equal(none.sticker(), null);
  assert.equal(none.image().pokemon(25, { form: 1 }), '');
  assert.equal(none.image().reward('item', 1), '');
  assert.equal(none.image().pokestop(), '');
  const alt = icons({ alt: 'https://alt.invalid/set' }).alt();
  assert.equal(alt?.gym(1), 'https://alt.invalid/set/gym/1.png');
});

test('odd numbers never throw: non-finite ids become 0, fractions are truncated', () => {
  const set = icons().image();
  assert.equal(set.pokemon(Number.NaN, { form: Number.POSITIVE_INFINITY }), `${BASE}/pokemon/0.png`);
  assert.equal(set.type(12.7), `${BASE}/type/12.png`);
});

test('a base that is not an http(s) URL is never fetched', async () => {
  let calls = 0;
  const fakeFetch: typeof fetch = async () => {
    calls++;
    throw new Error('must not be called');
  };
  const service = createIcons({ img: 'icons/UICONS', alt: 'file:///srv/icons', sticker: '', log: silentLogger(), fetch: fakeFetch });
  service.start();
  await service.ready();
  service.stop();
  assert.equal(calls, 0);
  assert.equal(service.image().pokemon(25), 'icons/UICONS/pokemon/25.png');
  assert.equal(service.alt()?.pokemon(25), 'file:///srv/icons/pokemon/25.png');
});

test('ready() before start() resolves at once, and resolving never waits for a download', async () => {
  let release: () => void = () => {};
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      release = () => reject(new Error('released'));
      init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
    });
  const service = createIcons({ img: BASE, alt: '', sticker: '', log: silentLogger(), fetch: hanging });
  await service.ready();
  service.start();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${BASE}/pokemon/25.png`);
  service.stop();
  release();
  await service.ready();
});
