/**
 * What an alert plugin contributes to the core's services, end to end in a real app on each database engine:
 * its game-data source is downloaded with the game data (from a local HTTP server) and cached under
 * resources/, its parsed form read through GameData.source; its icon kind is resolved by the icon sets
 * (against the repository's index); its API routes are mounted below /api with the core's secret, status
 * codes and error shape, and may rebuild the state.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp, type App } from '../../core/app.ts';
import { configFromObject } from '../../core/config/index.ts';
import { defineAlertPlugin, type Plugin, type PluginSetup } from '../../core/contract.ts';
import { LookoutError } from '../../core/errors.ts';
import type { GameDataSource } from '../../core/gamedata/source.ts';
import { answer } from '../../core/http/api/route-table.ts';
import type { IconKind } from '../../core/icons/index.ts';
import { jsonRenderer, recordingPlatform } from '../fixtures/recording-platform.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { captureLog } from '../helpers/log-capture.ts';
import { serveDirectory, type StaticServer } from './gamedata/static-server.ts';
import { FIXTURES } from './gamedata/support.ts';

const SECRET = 'contrib-secret';
const WIDGETS = [{ id: 1, name: 'Sprocket' }, { id: 2, name: 'Gear' }, { id: 3, name: 'Cog' }];

interface Widgets {
  readonly names: ReadonlyMap<number, string>;
}

function widgetSource(base: string): GameDataSource<Widgets> {
  return {
    name: 'widgets',
    url: () => `${base}/widgets.json`,
    looksValid: (raw) => Array.isArray(raw),
    parse: (raw) => ({ names: new Map((Array.isArray(raw) ? (raw as { id: number; name: string }[]) : []).map((w) => [w.id, w.name])) }),
  };
}

const WIDGET_ICON: IconKind<{ readonly shiny?: boolean }> = { folder: 'widget', flags: (o) => (o.shiny ? ['_s'] : []) };

function widgetPlugin(setup: PluginSetup, base: string, reloads: { count: number }) {
  const source = widgetSource(base);
  const widgets = () => setup.services.gameData().source(source);
  return defineAlertPlugin({
    kind: 'alert',
    name: 'widgets',
    webhookTypes: [],
    alertTypes: [],
    parse: () => ({ ok: false, reason: 'takes no webhooks', skip: true }),
    match: () => [],
    gameDataSources: [source],
    iconKinds: [WIDGET_ICON],
    apiRoutes: [
      {
        method: 'GET',
        path: '/masterdata/widgets/:id',
        handler: async (request) => {
          const id = Number(request.params.id);
          if (!Number.isInteger(id)) throw new LookoutError('BAD_REQUEST', `not a widget id: ${request.params.id}`);
          const name = widgets().names.get(id);
          return name === undefined ? answer(404, { status: 'error', message: 'no such widget' }) : { status: 'ok', widget: { id, name } };
        },
      },
      {
        method: 'POST',
        path: '/widgets/refresh',
        handler: async (_request, ctx) => {
          reloads.count += 1;
          return { status: 'ok', rebuilt: await ctx.reloadState() };
        },
      },
    ],
  });
}

describe('a plugin contributing a game-data source, an icon kind and API routes', () => {
  let server: StaticServer;
  let base: string;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-contrib-served-'));
    cpSync(FIXTURES, dir, { recursive: true });
    writeFileSync(join(dir, 'widgets.json'), JSON.stringify(WIDGETS));
    mkdirSync(join(dir, 'uicons'));
    writeFileSync(join(dir, 'uicons', 'index.json'), JSON.stringify({ widget: ['0.png', '5.png', '5_s.png'], pokemon: ['0.png'] }));
    server = await serveDirectory(dir);
    base = server.baseUrl;
  });
  after(() => server.close());

  async function startApp(db: TestDatabase, reloads: { count: number }): Promise<{ app: App; rootDir: string }> {
    const o = db.options;
    const { config } = configFromObject(
      {
        processor: { host: '127.0.0.1', port: 0, api_secret: SECRET },
        database: o.client === 'sqlite' ? { client: 'sqlite', filename: o.filename } : { client: 'mysql', host: o.host, port: o.port, user: o.user, password: o.password, database: o.database },
        general: { img_url: `${base}/uicons` },
        resources: { masterfile_url: `${base}/masterfile.json`, locales_url: `${base}/locales`, invasions_url: `${base}/none.json` },
        tuning: { reload_interval_secs: 3600 },
        logging: { file_logging_enabled: false },
      },
      'test',
    );
    const rootDir = mkdtempSync(join(tmpdir(), 'lookout-contrib-'));
    const platform = recordingPlatform();
    const app = await createApp({
      config,
      rootDir,
      log: captureLog().log,
      plugins: async (setup) => [widgetPlugin(setup, base, reloads) as Plugin, platform.plugin],
      renderer: jsonRenderer,
    });
    return { app, rootDir };
  }

  test('the source downloads with the game data, the icon kind resolves, the routes answer behind the secret', async (t) => {
    await forEachDatabase(t, async (db) => {
      const reloads = { count: 0 };
      const { app, rootDir } = await startApp(db, reloads);
      try {
        const cached = join(rootDir, 'resources', 'widgets.json');
        assert.ok(existsSync(cached), 'downloaded into resources/ with the rest');
        assert.deepEqual(JSON.parse(readFileSync(cached, 'utf8')), WIDGETS);
        assert.deepEqual(app.services.gameData().sources.files, ['widgets']);
        assert.equal(app.services.gameData().pokemonName(25), 'Pikachu', 'the core game data downloads beside it');

        const image = app.services.icons().image();
        const until = Date.now() + 5000;
        while (image.icon(WIDGET_ICON, 5, { shiny: true }) !== `${base}/uicons/widget/5_s.png` && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        assert.equal(image.icon(WIDGET_ICON, 5, { shiny: true }), `${base}/uicons/widget/5_s.png`);
        assert.equal(image.icon(WIDGET_ICON, 9), `${base}/uicons/widget/0.png`);

        const get = (url: string, secret: string | null = SECRET) => app.http.inject({ method: 'GET', url, headers: secret === null ? {} : { 'x-service-secret': secret } });
        const found = await get('/api/masterdata/widgets/2');
        assert.equal(found.statusCode, 200);
        assert.deepEqual(found.json(), { status: 'ok', widget: { id: 2, name: 'Gear' } });
        const missing = await get('/api/masterdata/widgets/7');
        assert.equal(missing.statusCode, 404);
        assert.deepEqual(missing.json(), { status: 'error', message: 'no such widget' });
        const refused = await get('/api/masterdata/widgets/x');
        assert.equal(refused.statusCode, 400);
        assert.equal(refused.json().status, 'error');
        assert.match(refused.json().message, /not a widget id: x/);
        const anonymous = await get('/api/masterdata/widgets/2', null);
        assert.equal(anonymous.statusCode, 401);
        assert.equal(anonymous.json().status, 'authError');

        const version = app.state.current.version;
        const refresh = await app.http.inject({ method: 'POST', url: '/api/widgets/refresh', headers: { 'x-service-secret': SECRET } });
        assert.deepEqual(refresh.json(), { status: 'ok', rebuilt: true });
        assert.equal(reloads.count, 1);
        assert.ok(app.state.current.version > version, 'the route rebuilt the state');
      } finally {
        await app.stop();
      }
    });
  });
});
