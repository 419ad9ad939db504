import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadGameData } from '../../../core/gamedata/load.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { deadBaseUrl, serveDirectory, type StaticServer } from './static-server.ts';
import { BUNDLED_FALLBACKS, FIXTURES, fixtureUrls, tempRoot } from './support.ts';

describe('loadGameData', () => {
  let server: StaticServer;
  before(async () => (server = await serveDirectory(FIXTURES)));
  after(() => server.close());

  test('downloads through HTTP, then builds lookups from resources/', async () => {
    const root = tempRoot();
    const { log } = captureLog('info');
    const g = await loadGameData({ ...fixtureUrls(server.baseUrl, root, log), fallbacksDir: BUNDLED_FALLBACKS });
    assert.deepEqual(g.sources, { masterfile: true, files: ['invasions'], languages: ['en', 'de'] });
    assert.equal(g.pokemonName(6, 'de'), 'Glurak');
    assert.deepEqual(g.resolvePokemon('nidoran female'), [29]);
  });

  test('no network and no cache: starts anyway with a clear warning, names fall back to ids', async () => {
    const root = tempRoot();
    const { log, lines } = captureLog('info');
    const g = await loadGameData(fixtureUrls(await deadBaseUrl(), root, log));
    assert.deepEqual(g.sources, { masterfile: false, files: [], languages: [] });
    const warning = lines.find((l) => l.level === 'warn' && /no masterfile downloaded or cached/.test(String(l.msg)));
    assert.ok(warning, 'warns that it starts without game data');
    assert.equal(g.pokemonName(25), 'Pokemon 25');
    assert.equal(g.pokemonName(25, 'de'), 'Pokemon 25');
    assert.equal(g.moveName(14, 'de'), 'Move 14');
    assert.equal(g.itemName(1), 'Item 1');
    assert.equal(g.pokemon(25).known, false);
    assert.equal(g.weather(1).name, 'Clear', 'our own tables still answer');
    assert.deepEqual(g.resolvePokemon('25'), [25]);
  });

  test('server down on a later start: the cache from the first start is used', async () => {
    const root = tempRoot();
    await loadGameData(fixtureUrls(server.baseUrl, root, captureLog().log));
    const g = await loadGameData(fixtureUrls(await deadBaseUrl(), root, captureLog().log));
    assert.equal(g.sources.masterfile, true);
    assert.equal(g.pokemonName(122, 'de'), 'Pantimos');
  });

  test('offline: no request at all, reads the cache', async () => {
    const root = tempRoot();
    await loadGameData(fixtureUrls(server.baseUrl, root, captureLog().log));
    const asked = server.requests.length;
    const g = await loadGameData({ ...fixtureUrls(server.baseUrl, root, captureLog().log), offline: true });
    assert.equal(server.requests.length, asked);
    assert.equal(g.sources.masterfile, true);
  });

  test('a damaged cached file is ignored with a warning', async () => {
    const root = tempRoot();
    mkdirSync(join(root, 'resources'), { recursive: true });
    writeFileSync(join(root, 'resources', 'masterfile.json'), '{"monsters": {"1_0": ');
    const { log, lines } = captureLog('info');
    const g = await loadGameData({ ...fixtureUrls(server.baseUrl, root, log), offline: true });
    assert.equal(g.sources.masterfile, false);
    assert.ok(lines.some((l) => l.level === 'warn' && /cached masterfile is unreadable/.test(String(l.msg))));
  });

  test('config/ under rootDir holds the operator overrides', async () => {
    const root = tempRoot();
    mkdirSync(join(root, 'config'));
    writeFileSync(join(root, 'config', 'pokemonAlias.json'), JSON.stringify({ sparky: 25 }));
    writeFileSync(join(root, 'config', 'emoji.json'), JSON.stringify({ telegram: { 'type-fire': 'F' } }));
    const g = await loadGameData({ ...fixtureUrls(server.baseUrl, root, captureLog().log), fallbacksDir: BUNDLED_FALLBACKS });
    assert.deepEqual(g.resolvePokemon('Sparky'), [25]);
    assert.equal(g.emoji('type-fire', 'telegram'), 'F');
    assert.equal(g.emoji('type-fire', 'discord'), '🔥');
  });
});
