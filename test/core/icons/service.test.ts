/**
 * The icon service against a local repository: the index is downloaded in the background, used once there,
 * refreshed, and every failure (unreachable, HTTP error, wrong shape) leaves the standard names and one log line.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createIcons, type IconService } from '../../../core/icons/index.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { eventually, sampleIndex, startIndexServer, type IndexServer } from './support.ts';
import { RAID_EGG_ICON } from '../../../plugins/raid/icons.ts';

let server: IndexServer;
const running: IconService[] = [];

before(async () => {
  server = await startIndexServer();
});

after(async () => {
  for (const service of running) service.stop();
  await server.close();
});

function start(options: { img?: string; alt?: string; sticker?: string; refreshMs?: number; timeoutMs?: number } = {}) {
  const captured = captureLog('silly');
  const service = createIcons({ img: '', alt: '', sticker: '', log: captured.log, ...options });
  running.push(service);
  service.start();
  return { service, captured };
}

test('the index is used once downloaded: form present vs absent, shiny present vs absent, costume fallback', async () => {
  server.set('main', sampleIndex());
  const base = `${server.url}/main`;
  const { service, captured } = start({ img: base });
  await service.ready();
  const set = service.image();
  assert.equal(set.pokemon(1, { form: 163 }), `${base}/pokemon/1_f163.png`);
  assert.equal(set.pokemon(1, { form: 164 }), `${base}/pokemon/1.png`);
  assert.equal(set.pokemon(25, { shiny: true }), `${base}/pokemon/25_s.png`);
  assert.equal(set.pokemon(26, { form: 50, shiny: true }), `${base}/pokemon/26_f50.png`);
  assert.equal(set.pokemon(25, { form: 598, costume: 5 }), `${base}/pokemon/25_c5.png`);
  const loaded = captured.find('icons: index loaded');
  assert.equal(loaded?.level, 'info');
  assert.equal(loaded?.url, `${base}/index.json`);
});

test('a sticker repository whose index lists .webp files gives .webp stickers', async () => {
  server.set('stickers', sampleIndex('webp'));
  const { service } = start({ img: `${server.url}/main`, sticker: `${server.url}/stickers/` });
  await service.ready();
  assert.equal(service.sticker()?.pokemon(25, { shiny: true }), `${server.url}/stickers/pokemon/25_s.webp`);
  assert.equal(service.sticker()?.icon(RAID_EGG_ICON, 5, { hatched: true }), `${server.url}/stickers/raid/egg/5_h.webp`);
  assert.equal(service.alt(), null);
});

test('the same repository configured twice is downloaded once', async () => {
  server.set('shared', sampleIndex());
  const before = server.hits('/shared/index.json');
  const { service } = start({ img: `${server.url}/shared`, alt: `${server.url}/shared/` });
  await service.ready();
  assert.equal(server.hits('/shared/index.json') - before, 1);
  assert.equal(service.alt()?.pokemon(25, { shiny: true }), `${server.url}/shared/pokemon/25_s.png`);
});

test('an unreachable repository: standard names, one warning', async () => {
  const closed = await startIndexServer();
  const base = `${closed.url}/gone`;
  await closed.close();
  const { service, captured } = start({ img: base });
  await service.ready();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${base}/pokemon/25.png`);
  const warnings = captured.lines.filter((l) => l.level === 'warn');
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]?.reason, 'unreachable');
  assert.equal(warnings[0]?.url, `${base}/index.json`);
  // a second failure of the same kind is not repeated above debug
  await service.refresh();
  assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 1);
  assert.ok(captured.find('icons: index still unavailable'));
});

test('an HTTP error: standard names and a warning; a repository without index.json (404) only at verbose', async () => {
  server.set('broken', { status: 500, body: 'oops' });
  const { service, captured } = start({ img: `${server.url}/broken`, alt: `${server.url}/no-index` });
  await service.ready();
  assert.equal(service.image().gym(1, { trainerCount: 3 }), `${server.url}/broken/gym/1.png`);
  assert.equal(service.alt()?.gym(1, { trainerCount: 3 }), `${server.url}/no-index/gym/1.png`);
  const warnings = captured.lines.filter((l) => l.level === 'warn');
  assert.deepEqual(warnings.map((w) => w.reason), ['http']);
  const missing = captured.lines.find((l) => l.reason === 'not_found');
  assert.equal(missing?.level, 'verbose');
});

test('an index with an unexpected shape: standard names, logged', async () => {
  server.set('weird', { status: 200, body: JSON.stringify(['25.png', '25_s.png']) });
  server.set('notjson', { status: 200, body: '<html>hello</html>' });
  const { service, captured } = start({ img: `${server.url}/weird`, alt: `${server.url}/notjson` });
  await service.ready();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${server.url}/weird/pokemon/25.png`);
  assert.equal(service.alt()?.pokemon(25, { shiny: true }), `${server.url}/notjson/pokemon/25.png`);
  const invalid = captured.lines.filter((l) => l.reason === 'invalid');
  assert.equal(invalid.length, 2);
  assert.ok(invalid.every((l) => l.level === 'warn'));
});

test('refresh picks up a changed index; a failed refresh keeps the last good one', async () => {
  server.set('changing', { pokemon: ['0.png', '25.png'] });
  const base = `${server.url}/changing`;
  const { service } = start({ img: base });
  await service.ready();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${base}/pokemon/25.png`);
  server.set('changing', { pokemon: ['0.png', '25.png', '25_s.png'] });
  await service.refresh();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${base}/pokemon/25_s.png`);
  server.set('changing', { status: 503, body: 'down' });
  await service.refresh();
  assert.equal(service.image().pokemon(25, { shiny: true }), `${base}/pokemon/25_s.png`);
});

test('the periodic refresh downloads the index again', async () => {
  server.set('periodic', { pokemon: ['0.png', '7.png'] });
  const path = '/periodic/index.json';
  const base = `${server.url}/periodic`;
  const { service } = start({ img: base, refreshMs: 5 });
  await service.ready();
  assert.equal(service.image().pokemon(7, { form: 1 }), `${base}/pokemon/7.png`);
  server.set('periodic', { pokemon: ['0.png', '7.png', '7_f1.png'] });
  const seen = server.hits(path);
  await server.answered(path, seen + 2);
  await eventually(() => service.image().pokemon(7, { form: 1 }) === `${base}/pokemon/7_f1.png`);
  service.stop();
});

test('stop() aborts a download in flight and ends the refreshes', async () => {
  let calls = 0;
  const hanging: typeof fetch = (_input, init) => {
    calls++;
    return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
  };
  const captured = captureLog('silly');
  const service = createIcons({ img: 'https://icons.invalid/x', alt: '', sticker: '', log: captured.log, fetch: hanging, refreshMs: 1 });
  service.start();
  service.stop();
  await service.ready();
  await service.refresh();
  assert.equal(calls, 1);
  assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 0);
});

test('a download that does not answer in time counts as unreachable', async () => {
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted'))));
  const captured = captureLog('silly');
  const service = createIcons({ img: 'https://icons.invalid/slow', alt: '', sticker: '', log: captured.log, fetch: hanging, timeoutMs: 20 });
  running.push(service);
  service.start();
  await service.ready();
  assert.equal(service.image().team(2), 'https://icons.invalid/slow/team/2.png');
  assert.deepEqual(captured.lines.filter((l) => l.level === 'warn').map((l) => l.reason), ['unreachable']);
});
