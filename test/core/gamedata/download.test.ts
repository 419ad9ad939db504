import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { downloadResources } from '../../../core/gamedata/download.ts';
import { downloadProgress, progressText } from '../../../core/gamedata/download-progress.ts';
import { PassThrough } from 'node:stream';
import { captureLog } from '../../helpers/log-capture.ts';
import { deadBaseUrl, serveDirectory, type StaticServer } from './static-server.ts';
import { FIXTURES, fixtureUrls, tempRoot } from './support.ts';

const read = (path: string): string => readFileSync(path, 'utf8');
const resources = (root: string, file: string): string => join(root, 'resources', file);

describe('game data download', () => {
  let server: StaticServer;
  before(async () => (server = await serveDirectory(FIXTURES)));
  after(() => server.close());

  test('downloads masterfile, invasions, locales index and English + configured languages into resources/', async () => {
    const root = tempRoot();
    const { log, lines } = captureLog('info');
    const report = await downloadResources(fixtureUrls(server.baseUrl, root, log));
    assert.deepEqual(report.results.map((r) => [r.name, r.outcome]), [
      ['masterfile', 'downloaded'],
      ['invasions', 'downloaded'],
      ['locales/index', 'downloaded'],
      ['locales/en', 'downloaded'],
      ['locales/de', 'downloaded'],
    ]);
    assert.deepEqual(report.languages, ['en', 'de']);
    assert.equal(read(resources(root, 'masterfile.json')), read(join(FIXTURES, 'masterfile.json')));
    assert.equal(read(resources(root, 'invasions.json')), read(join(FIXTURES, 'invasions.json')));
    assert.equal(read(resources(root, 'locales/de.json')), read(join(FIXTURES, 'locales/de.json')));
    assert.equal(read(resources(root, 'locales/index.json')), read(join(FIXTURES, 'locales/index.json')));
    const perFile = lines.filter((l) => l.level === 'info' && typeof l.bytes === 'number' && typeof l.ms === 'number');
    assert.equal(perFile.length, 5, 'one info line with size and time per file');
    assert.ok(!readdirSync(join(root, 'resources')).some((f) => f.endsWith('.tmp')), 'no temp files left');
  });

  test('progress: each file reported as it arrives, to its full size', async () => {
    const root = tempRoot();
    const seen = new Map<string, { received: number; total: number | null }>();
    const finished: string[] = [];
    const progress = { update: (file: string, received: number, total: number | null) => void seen.set(file, { received, total }), finish: (file: string) => void finished.push(file) };
    await downloadResources({ ...fixtureUrls(server.baseUrl, root, captureLog().log), progress });
    const size = readFileSync(join(FIXTURES, 'masterfile.json')).byteLength;
    assert.equal(seen.get('masterfile')?.received, size);
    assert.ok(seen.get('masterfile')?.total === size || seen.get('masterfile')?.total === null);
    assert.deepEqual([...finished].sort(), ['invasions', 'locales/de', 'locales/en', 'locales/index', 'masterfile']);
  });

  test('progress on a terminal is one line per file rewritten in place; in logs a line every 5 s', () => {
    assert.equal(progressText('masterfile', 3_355_443, 13_107_200), 'game data: masterfile 3.2 of 12.5 MB');
    assert.equal(progressText('masterfile', 1_048_576, null), 'game data: masterfile 1.0 MB');
    let now = 0;
    const terminal = new PassThrough();
    let text = '';
    terminal.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const shown = downloadProgress(captureLog().log, terminal, () => now);
    shown.update('masterfile', 1_048_576, 2_097_152);
    now = 100;
    shown.update('masterfile', 1_572_864, 2_097_152); // within 200 ms: not written
    now = 300;
    shown.update('masterfile', 2_097_152, 2_097_152);
    shown.finish('masterfile');
    assert.equal(text, '\r\x1b[Kgame data: masterfile 1.0 of 2.0 MB\r\x1b[Kgame data: masterfile 2.0 of 2.0 MB\n');
    const { log, lines } = captureLog('info');
    const logged = downloadProgress(log, null, () => now);
    now = 0;
    logged.update('masterfile', 1, null);
    now = 4_000;
    logged.update('masterfile', 2, null);
    now = 5_001;
    logged.update('masterfile', 3, null);
    assert.deepEqual(lines.map((l) => l.bytes), [3], 'a quick file logs nothing; one still going after 5 s logs a line');
  });

  test('a 500 keeps the cached copy and warns', async () => {
    const root = tempRoot();
    await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
    const before = read(resources(root, 'masterfile.json'));
    server.mode = 'error';
    try {
      const { log, lines } = captureLog('info');
      const report = await downloadResources(fixtureUrls(server.baseUrl, root, log));
      assert.ok(report.results.every((r) => r.outcome === 'cached'));
      assert.match(report.results[0]!.error ?? '', /HTTP 500/);
      assert.equal(read(resources(root, 'masterfile.json')), before);
      assert.ok(lines.some((l) => l.level === 'warn' && /keeping the cached copy/.test(String(l.msg))));
    } finally {
      server.mode = 'ok';
    }
  });

  test('a server that is down keeps the cached copy', async () => {
    const root = tempRoot();
    await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
    const { log, lines } = captureLog('info');
    const report = await downloadResources(fixtureUrls(await deadBaseUrl(), root, log));
    assert.deepEqual([...new Set(report.results.map((r) => r.outcome))], ['cached']);
    assert.deepEqual(report.languages, ['en', 'de']);
    assert.ok(lines.filter((l) => l.level === 'warn').length >= 3);
  });

  test('no network and no cache: reports missing, never throws', async () => {
    const root = tempRoot();
    const { log, lines } = captureLog('info');
    const report = await downloadResources(fixtureUrls(await deadBaseUrl(), root, log));
    assert.ok(report.results.every((r) => r.outcome === 'missing'));
    assert.deepEqual(report.languages, []);
    assert.ok(lines.some((l) => /no cached copy/.test(String(l.msg))));
  });

  test('content that is not JSON, or not game data, never replaces the cache', async () => {
    const root = tempRoot();
    await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
    const before = read(resources(root, 'masterfile.json'));
    server.overrides.set('/masterfile.json', '<html>rate limited</html>');
    server.overrides.set('/invasions.json', '[1,2,3]');
    server.overrides.set('/locales/de.json', '{"truncated": ');
    try {
      const report = await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log));
      const outcome = Object.fromEntries(report.results.map((r) => [r.name, r.outcome]));
      assert.deepEqual(outcome, { masterfile: 'cached', invasions: 'cached', 'locales/index': 'downloaded', 'locales/en': 'downloaded', 'locales/de': 'cached' });
      assert.equal(read(resources(root, 'masterfile.json')), before);
      assert.match(report.results[0]!.error ?? '', /not JSON/);
      assert.match(report.results[1]!.error ?? '', /unexpected content/);
    } finally {
      server.overrides.clear();
    }
  });

  test('a server that never answers times out per file', async () => {
    const root = tempRoot();
    server.mode = 'hang';
    try {
      const started = Date.now();
      const report = await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log, { timeoutMs: 150 }));
      assert.ok(Date.now() - started < 3_000);
      assert.ok(report.results.every((r) => r.outcome === 'missing'));
    } finally {
      server.mode = 'ok';
    }
  });

  test('languages: English always, unpublished ones skipped with a warning, unsafe codes ignored', async () => {
    const root = tempRoot();
    const { log, lines } = captureLog('info');
    const report = await downloadResources(fixtureUrls(server.baseUrl, root, log, { languages: ['DE', 'xx', '../etc'] }));
    assert.deepEqual(report.results.map((r) => r.name).filter((n) => n.startsWith('locales/')), ['locales/index', 'locales/en', 'locales/de']);
    assert.ok(lines.some((l) => l.level === 'warn' && /no translations published for xx/.test(String(l.msg))));
    assert.ok(lines.some((l) => l.level === 'warn' && /invalid language codes/.test(String(l.msg))));
    assert.ok(!server.requests.some((p) => p.includes('etc')));
  });

  test('without an index every wanted language is tried', async () => {
    const root = tempRoot();
    mkdirSync(join(root, 'resources', 'locales'), { recursive: true });
    server.overrides.set('/locales/index.json', '{"not": "a list"}');
    try {
      const report = await downloadResources(fixtureUrls(server.baseUrl, root, captureLog().log, { languages: ['de', 'fr'] }));
      const outcome = Object.fromEntries(report.results.map((r) => [r.name, r.outcome]));
      assert.equal(outcome['locales/index'], 'missing');
      assert.equal(outcome['locales/de'], 'downloaded');
      assert.equal(outcome['locales/fr'], 'missing');
    } finally {
      server.overrides.clear();
    }
  });

  test('an unwritable resources directory is a warning, not a crash', async () => {
    const root = tempRoot();
    writeFileSync(join(root, 'resources'), 'a file where the directory should be');
    const { log, lines } = captureLog('info');
    const report = await downloadResources(fixtureUrls(server.baseUrl, root, log));
    assert.ok(report.results.every((r) => r.outcome === 'missing'));
    assert.ok(lines.some((l) => l.level === 'warn'));
  });
});
