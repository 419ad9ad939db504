/**
 * The icon service as a core service: loadServices builds it from [general] img_url / img_url_alt /
 * sticker_url without waiting for any download, stops it with the other services, or takes an injected one.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { configFromObject } from '../../helpers/config.ts';
import { GameData } from '../../../core/gamedata/index.ts';
import { createIcons } from '../../../core/icons/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { loadServices } from '../../../core/services.ts';
import { eventually } from './support.ts';

function configWith(general: Record<string, unknown>) {
  return configFromObject({ general, logging: { file_logging_enabled: false } }, 'test').config;
}

test('loadServices starts the icons from the config without waiting for the index, and stop() ends them', async () => {
  let held: ServerResponse | null = null;
  let arrived: () => void = () => {};
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((_req, res) => {
    held = res;
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/set`;
  try {
    const config = configWith({ img_url: base, img_url_alt: '', sticker_url: '' });
    const loaded = await loadServices(config, mkdtempSync(join(tmpdir(), 'lookout-icons-')), silentLogger(), GameData.empty());
    await requestArrived;
    // the index request is still unanswered, yet the services are loaded and answer with the standard names
    assert.equal(loaded.services.icons().image().pokemon(25, { shiny: true }), `${base}/pokemon/25.png`);
    assert.equal(loaded.services.icons().alt(), null);
    assert.equal(loaded.services.icons().sticker(), null);
    const reply = held as ServerResponse | null;
    assert.ok(reply);
    reply.writeHead(200, { 'content-type': 'application/json' });
    reply.end(JSON.stringify({ pokemon: ['0.png', '25.png', '25_s.png'] }));
    await eventually(() => loaded.services.icons().image().pokemon(25, { shiny: true }) === `${base}/pokemon/25_s.png`);
    await loaded.stop();
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('an injected icon service is used as it is and never started', async () => {
  let calls = 0;
  const countingFetch: typeof fetch = async () => {
    calls++;
    throw new Error('no network in this test');
  };
  const injected = createIcons({ img: 'https://injected.invalid/set', alt: '', sticker: 'https://injected.invalid/st', log: silentLogger(), fetch: countingFetch });
  const config = configWith({});
  const loaded = await loadServices(config, mkdtempSync(join(tmpdir(), 'lookout-icons-')), silentLogger(), GameData.empty(), injected);
  assert.equal(loaded.services.icons(), injected);
  assert.equal(loaded.services.icons().sticker()?.pokemon(1), 'https://injected.invalid/st/pokemon/1.webp');
  await loaded.stop();
  assert.equal(calls, 0);
});
