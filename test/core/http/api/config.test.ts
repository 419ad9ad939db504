import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFile } from 'node:fs/promises';
import { configFromObject } from '../../../helpers/config.ts';
import { GameData } from '../../../../core/gamedata/game-data.ts';
import { clientConfigRoutes, publicUrl } from '../../../../core/http/api/client-config.ts';
import { CONFIG_SECRET, configHarness, type ConfigHarness } from './config-harness.ts';

const CONFIG_ROUTES = ['/api/config/webClient', '/api/config/poracleWeb', '/api/config/templates'];

const SECRETS = {
  geocoding: 'GEOCODER-KEY-1234',
  staticMap: 'STATIC-MAP-KEY-5678',
  staticUrlPassword: 'tile-pass-9999',
  discord: 'DISCORD-TOKEN-abcdef',
  telegram: 'TELEGRAM-TOKEN-123456',
  shortlink: 'SHORTLINK-KEY-4321',
  forecast: 'FORECAST-KEY-8765',
};

const CONFIG = {
  general: { locale: 'en', default_template_name: 'pretty', disable_creature: true, disable_max_battle: true, disable_fort_update: true, shortlink_provider_key: SECRETS.shortlink },
  pvp: { level_caps: [50, 51], filter_max_rank: 20, filter_little_min_cp: 400 },
  tracking: { default_distance: 250, max_distance: 5000, enable_gym_battle: true, default_user_tracking_level_cap: 50 },
  geocoding: {
    provider: 'nominatim',
    provider_url: `https://nominatim.example.com/search?format=json&key=${SECRETS.geocoding}`,
    geocoding_key: [SECRETS.geocoding],
    static_provider: 'tileservercache',
    static_provider_url: `https://maps:${SECRETS.staticUrlPassword}@tiles.example.com/staticmap?apikey=${SECRETS.staticMap}&style=dark`,
    static_key: [SECRETS.staticMap],
  },
  weather: { forecast_api_keys: [SECRETS.forecast] },
  discord: { token: [SECRETS.discord], prefix: '?', admins: ['111', '222'] },
  telegram: { token: SECRETS.telegram, admins: ['333'] },
};

describe('configuration API', () => {
  let h: ConfigHarness;
  before(async () => {
    h = await configHarness({ config: CONFIG });
  });
  after(() => h.app.close());

  it('GET /api/config/webClient answers prefix, languages, default template, alert types with template ids, pvp, distances and map settings', async () => {
    const res = await h.get('/api/config/webClient');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.prefix, '?');
    assert.deepEqual(body.prefixes, { discord: '!', telegram: '/' });
    assert.deepEqual(body.languages, ['en']);
    assert.equal(body.defaultTemplateName, 'pretty');
    // hidden templates are not offered; platform-independent entries count for every platform
    assert.deepEqual(body.alertTypes, [
      { type: 'monster', templates: { discord: ['1', '2', '10', 'de-only'], telegram: ['1'] } },
      { type: 'raid', templates: { discord: [], telegram: ['1'] } },
      { type: 'egg', templates: { discord: [], telegram: [] } },
    ]);
    assert.deepEqual(body.pvp.levelCaps, [50, 51]);
    assert.equal(body.pvp.filterMaxRank, 20);
    assert.equal(body.pvp.filterLittleMinCp, 400);
    assert.equal(body.pvp.defaultLevelCap, 50);
    assert.deepEqual(body.tracking, { defaultDistance: 250, maxDistance: 5000, everythingFlagPermissions: 'allow-any', gymBattles: true });
    assert.equal(body.map.geocodingProvider, 'nominatim');
    assert.equal(body.map.staticProvider, 'tileservercache');
    assert.equal(body.map.providerUrl, 'https://nominatim.example.com/search?format=json');
    assert.equal(body.map.staticProviderUrl, 'https://tiles.example.com/staticmap?style=dark');
  });

  it('GET /api/config/poracleWeb answers the previous keys in order, staticKey always empty', async () => {
    const body = (await h.get('/api/config/poracleWeb')).json();
    assert.deepEqual(Object.keys(body), [
      'status', 'version', 'locale', 'prefix', 'providerURL', 'addressFormat', 'staticKey', 'pvpFilterMaxRank', 'pvpFilterGreatMinCP',
      'pvpFilterUltraMinCP', 'pvpFilterLittleMinCP', 'pvpLittleLeagueAllowed', 'pvpCaps', 'pvpRequiresMinCp', 'defaultPvpCap',
      'defaultTemplateName', 'channelNotesContainsCategory', 'admins', 'maxDistance', 'defaultDistance', 'everythingFlagPermissions',
      'disabledHooks', 'gymBattles',
    ]);
    assert.equal(body.status, 'ok');
    assert.equal(body.version, '9.9.9');
    assert.equal(body.prefix, '?');
    assert.deepEqual(body.staticKey, []);
    assert.deepEqual(body.pvpCaps, [50, 51]);
    assert.equal(body.pvpFilterLittleMinCP, 400);
    assert.equal(body.defaultPvpCap, 50);
    assert.equal(body.defaultTemplateName, 'pretty');
    assert.deepEqual(body.admins, { discord: ['111', '222'], telegram: ['333'] });
    assert.equal(body.maxDistance, 5000);
    assert.equal(body.defaultDistance, 250);
    assert.deepEqual(body.disabledHooks, ['maxbattle', 'pokemon']);
    assert.equal(body.gymBattles, true);
  });

  it('disabledHooks: disable_stop hides everything from stop data (invasions, lures, quests), each name once', async () => {
    const stopOff = await configHarness({ config: { ...CONFIG, general: { locale: 'en', disable_stop: true, disable_lure: true } } });
    try {
      assert.deepEqual((await stopOff.get('/api/config/poracleWeb')).json().disabledHooks, ['invasion', 'lure', 'pokestop', 'quest']);
    } finally {
      await stopOff.app.close();
    }
  });

  it('GET /api/config/templates answers platform → type → language (% independent) → ids, hidden left out', async () => {
    assert.deepEqual((await h.get('/api/config/templates')).json(), {
      status: 'ok',
      discord: { monster: { '%': ['1', '2', '10'], de: ['de-only'] } },
      telegram: { monster: { '%': ['1'] }, raid: { '%': ['1'] } },
    });
  });

  it('no configured key, token or password appears in any config answer', async () => {
    for (const url of CONFIG_ROUTES) {
      const res = await h.get(url);
      assert.equal(res.statusCode, 200, url);
      for (const [name, secret] of Object.entries({ ...SECRETS, api: CONFIG_SECRET })) assert.ok(!res.body.includes(secret), `${url} leaks the ${name} secret`);
    }
  });

  it('every config route answers 401 without or with a wrong secret', async () => {
    for (const url of CONFIG_ROUTES) {
      const missing = await h.get(url, null);
      assert.equal(missing.statusCode, 401, url);
      assert.deepEqual(Object.keys(missing.json()).sort(), ['reason', 'status']);
      assert.equal((await h.get(url, 'not-the-secret')).statusCode, 401, url);
    }
  });
});

describe('configuration API with other renderers', () => {
  it('a renderer listing only template ids: the listing is built from the ids, language independent', async () => {
    const h = await configHarness({ templates: { templateIds: (type, platform) => (type === 'raid' && platform === 'discord' ? ['5', '1'] : []) } });
    try {
      assert.deepEqual((await h.get('/api/config/templates')).json(), { status: 'ok', discord: { raid: { '%': ['1', '5'] } }, telegram: {} });
      assert.deepEqual((await h.get('/api/config/webClient')).json().alertTypes[1], { type: 'raid', templates: { discord: ['5', '1'], telegram: [] } });
    } finally {
      await h.app.close();
    }
  });

  it('a renderer without a listing, or one that throws, still answers 200 with empty lists', async () => {
    const broken = {
      templateIds: (): string[] => {
        throw new Error('boom');
      },
      entries: (): never => {
        throw new Error('boom');
      },
    };
    for (const templates of [{}, broken]) {
      const h = await configHarness({ templates });
      try {
        assert.deepEqual((await h.get('/api/config/templates')).json(), { status: 'ok', discord: {}, telegram: {} });
        const web = await h.get('/api/config/webClient?junk=%00');
        assert.equal(web.statusCode, 200);
        assert.deepEqual(web.json().alertTypes[0], { type: 'monster', templates: { discord: [], telegram: [] } });
      } finally {
        await h.app.close();
      }
    }
  });
});

describe('publicUrl', () => {
  it('drops credentials and key-like parameters, keeps the rest, leaves out what is no URL', () => {
    assert.equal(publicUrl('https://nominatim.example.com'), 'https://nominatim.example.com');
    assert.equal(publicUrl('https://a:b@x.example.com/p?token=t&access_key=k&zoom=3'), 'https://x.example.com/p?zoom=3');
    assert.equal(publicUrl('not a url with key abc'), '');
    assert.equal(publicUrl('  '), '');
  });
});

describe('version', () => {
  it('without a given version the package version is answered', async () => {
    const expected = (JSON.parse(await readFile(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    const routes = clientConfigRoutes({ config: configFromObject({}).config, gameData: () => GameData.empty(), alertTypes: () => [], platformPrefixes: () => ({}), templatePlatforms: () => [], templates: {}, disableSwitches: [] });
    const poracleWeb = routes.find((r) => r.path === '/config/poracleWeb');
    const body = (await poracleWeb?.handler({ params: {}, query: {}, body: undefined })) as { version: string };
    assert.equal(body.version, expected);
  });
});
