/**
 * Game data that changes during the week (a source marked `refreshes`, e.g. the events feed) is downloaded again
 * every `[resources] refresh_hours` and the game data rebuilt from the cache; a failed refresh keeps what was
 * there; refresh_hours = 0 downloads it only at start.
 */
import assert from 'node:assert/strict';
import { describe, mock, test } from 'node:test';
import { silentLogger } from '../../../core/log/logger.ts';
import type { GameDataSource } from '../../../core/gamedata/source.ts';
import { loadServices } from '../../../core/services.ts';
import { configFromObject } from '../../helpers/config.ts';
import { until } from '../../e2e/wait.ts';
import { serveDirectory } from './static-server.ts';
import { FIXTURES, tempRoot } from './support.ts';

const FEED: GameDataSource<unknown> = { name: 'feed', url: (config) => config.resources.events_url, looksValid: Array.isArray, refreshes: true, parse: (raw) => raw };

describe('refreshing game data', () => {
  test('downloaded again every refresh_hours; a failure keeps the previous data', async (t) => {
    const server = await serveDirectory(FIXTURES);
    t.after(() => server.close());
    server.overrides.set('/feed.json', '["first"]');
    const timers = mock.timers;
    timers.enable({ apis: ['setInterval'] });
    t.after(() => timers.reset());
    const { config } = configFromObject({ resources: { masterfile_url: `${server.baseUrl}/masterfile.json`, locales_url: `${server.baseUrl}/locales`, events_url: `${server.baseUrl}/feed.json`, refresh_hours: 2 } });
    const loaded = await loadServices(config, tempRoot(), silentLogger());
    t.after(() => loaded.stop());
    await loaded.loadGameData([FEED]);
    assert.deepEqual(loaded.services.gameData().source(FEED), ['first']);
    const masterfileAsked = server.requests.filter((p) => p === '/masterfile.json').length;

    server.overrides.set('/feed.json', '["second"]');
    timers.tick(2 * 3_600_000);
    await until(() => JSON.stringify(loaded.services.gameData().source(FEED)) === '["second"]', 'the refreshed feed');
    assert.equal(loaded.services.gameData().pokemonName(25), 'Pikachu', 'the rest of the game data is still there');
    assert.equal(server.requests.filter((p) => p === '/masterfile.json').length, masterfileAsked, 'only the refreshing source is downloaded again');

    server.mode = 'error';
    const asked = server.requests.length;
    timers.tick(2 * 3_600_000);
    await until(() => server.requests.length > asked, 'the failed refresh');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(loaded.services.gameData().source(FEED), ['second'], 'the previous feed stays');
  });

  test('refresh_hours = 0: only at start', async (t) => {
    const server = await serveDirectory(FIXTURES);
    t.after(() => server.close());
    server.overrides.set('/feed.json', '["only"]');
    const timers = mock.timers;
    timers.enable({ apis: ['setInterval'] });
    t.after(() => timers.reset());
    const { config } = configFromObject({ resources: { masterfile_url: `${server.baseUrl}/masterfile.json`, locales_url: `${server.baseUrl}/locales`, events_url: `${server.baseUrl}/feed.json`, refresh_hours: 0 } });
    const loaded = await loadServices(config, tempRoot(), silentLogger());
    t.after(() => loaded.stop());
    await loaded.loadGameData([FEED]);
    const asked = server.requests.length;
    timers.tick(48 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(server.requests.length, asked);
  });
});
