import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadGeofences } from '../../../core/geo/load.ts';
import { cacheFileFor, displayUrl, isRemoteEntry } from '../../../core/geo/remote.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { FIXTURES, options, tempRoot, withLog, type TempRoot } from './support.ts';

interface FenceServer {
  readonly url: string;
  readonly seen: IncomingHttpHeaders[];
  body: string;
  status: number;
  close(): Promise<void>;
}

async function fenceServer(): Promise<FenceServer> {
  const state = { seen: [] as IncomingHttpHeaders[], body: readFileSync(join(FIXTURES, 'geojson.json'), 'utf8'), status: 200 };
  const server: Server = createServer((request, response) => {
    state.seen.push(request.headers);
    response.writeHead(state.status, { 'content-type': 'application/json' });
    response.end(state.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/geofence/feature-collection`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  });
}

describe('remote geofence sources', () => {
  let server: FenceServer;
  let root: TempRoot;
  before(async () => {
    server = await fenceServer();
    root = tempRoot(['poracle.json']);
  });
  after(async () => {
    await server.close();
    root.cleanup();
  });

  test('entries that are http(s) URLs are remote', () => {
    assert.equal(isRemoteEntry('https://koji.example/api'), true);
    assert.equal(isRemoteEntry(' HTTP://x'), true);
    assert.equal(isRemoteEntry('geofences/geofence.json'), false);
    assert.equal(displayUrl('https://user:pw@host.example/a'), 'https://host.example/a');
  });

  test('fetched with the bearer token, cached, then served from the cache when the source is down', async () => {
    const o = options([server.url, 'poracle.json'], { rootDir: root.dir, remote: { bearerToken: 't0ken', cacheDir: '.cache/geofences' } });
    const first = await loadGeofences(o);
    assert.deepEqual(first.errors, []);
    assert.equal(server.seen[0]?.authorization, 'Bearer t0ken');
    assert.deepEqual(first.fences.map((f) => f.name), ['Donut', 'islands', 'city', 'Alpha', 'Beta', 'city']);
    const cacheFile = cacheFileFor(server.url, join(root.dir, '.cache/geofences'));
    assert.deepEqual(readdirSync(join(root.dir, '.cache/geofences')), [cacheFile.split('/').pop()]);

    server.status = 500;
    const captured = captureLog();
    const second = await loadGeofences(withLog(o, captured.log));
    assert.deepEqual(second.errors, []);
    assert.deepEqual(second.fences.map((f) => f.name), first.fences.map((f) => f.name));
    const warning = captured.find('geofence source failed; using the cached copy');
    assert.equal(warning?.level, 'warn');
    assert.match(String(warning?.reason), /HTTP 500/);
    server.status = 200;
  });

  test('a bad answer never replaces a good cached copy', async () => {
    const o = options([server.url], { rootDir: root.dir });
    await loadGeofences(o);
    server.body = '<html>maintenance</html>';
    const { fences, errors } = await loadGeofences(o);
    assert.deepEqual(errors, []);
    assert.equal(fences.length, 3, 'served from the cache');
    server.body = readFileSync(join(FIXTURES, 'geojson.json'), 'utf8');
  });

  test('no token configured: no Authorization header', async () => {
    server.seen.length = 0;
    await loadGeofences(options([server.url], { rootDir: root.dir }));
    assert.equal(server.seen[0]?.authorization, undefined);
  });

  test('no network and no cache: a clear error for that entry, the others still load', async () => {
    const fresh = tempRoot(['poracle.json']);
    try {
      const down = await fenceServer();
      await down.close();
      const { fences, errors } = await loadGeofences(options([down.url, 'poracle.json'], { rootDir: fresh.dir }));
      assert.equal(fences.length, 3);
      assert.equal(errors.length, 1);
      assert.equal(errors[0]?.code, 'UNAVAILABLE');
      assert.match(errors[0]!.message, /geofence source http:\/\/127\.0\.0\.1:\d+\/geofence\/feature-collection failed \(.+\) and has no cached copy/);
    } finally {
      fresh.cleanup();
    }
  });
});
