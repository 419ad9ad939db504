/**
 * The client configuration answers for a non-default config, byte for byte as they were before the alert plugins
 * contributed their fields (AlertPlugin.clientConfig): same keys, same order, same values, the forecast keys and
 * other secrets scrubbed alike. The expected payloads were recorded from the core-only implementation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { configHarness, type ConfigHarness } from './config-harness.ts';

const SECRET_1 = 'FORECAST-SECRET-1';
const SECRET_2 = 'FORECAST-SECRET-2';

const CONFIG = {
  general: {
    locale: 'de',
    default_template_name: '3',
    available_languages: { en: { service: 'en', help: 'help' }, fr: { service: 'fr', help: 'aide' } },
    disable_gym: true,
    disable_raid: true,
    role_check_mode: 'delete',
  },
  pvp: {
    level_caps: [40, 50, 51],
    filter_max_rank: 15,
    filter_great_min_cp: 1300,
    filter_ultra_min_cp: 2200,
    filter_little_min_cp: 300,
    display_max_rank: 5,
    display_great_min_cp: 1450,
    display_ultra_min_cp: 2400,
    display_little_min_cp: 470,
  },
  tracking: { default_distance: 100, max_distance: 9000, enable_gym_battle: true, default_user_tracking_level_cap: 51, everything_flag_permissions: 'deny' },
  geocoding: {
    provider: 'nominatim',
    provider_url: `https://user:pw@geo.example.com/search?token=${SECRET_1}&format=json`,
    static_provider: 'tileservercache',
    static_provider_url: `https://tiles.example.com/${SECRET_1}/static`,
    width: 400,
    height: 300,
    zoom: 14,
  },
  weather: { forecast_api_keys: [SECRET_1, SECRET_2] },
  locale: { address_format: `{{streetName}} ${SECRET_2}` },
  reconciliation: { discord: { update_channel_notes: true } },
  discord: { prefix: '$', admins: ['42'] },
  telegram: { admins: ['7'] },
};

const RECORDED: Readonly<Record<string, string>> = {
  webClient:
    "{\"status\":\"ok\",\"version\":\"9.9.9\",\"prefix\":\"$\",\"prefixes\":{\"discord\":\"!\",\"telegram\":\"/\"},\"locale\":\"de\",\"languages\":[\"de\",\"en\",\"fr\"],\"defaultTemplateName\":\"3\",\"alertTypes\":[{\"type\":\"monster\",\"templates\":{\"discord\":[\"1\",\"2\",\"10\",\"de-only\"],\"telegram\":[\"1\"]}},{\"type\":\"raid\",\"templates\":{\"discord\":[],\"telegram\":[\"1\"]}},{\"type\":\"egg\",\"templates\":{\"discord\":[],\"telegram\":[]}}],\"pvp\":{\"levelCaps\":[40,50,51],\"filterMaxRank\":15,\"filterGreatMinCp\":1300,\"filterUltraMinCp\":2200,\"filterLittleMinCp\":300,\"displayMaxRank\":5,\"displayGreatMinCp\":1450,\"displayUltraMinCp\":2400,\"displayLittleMinCp\":470,\"defaultLevelCap\":51},\"tracking\":{\"defaultDistance\":100,\"maxDistance\":9000,\"everythingFlagPermissions\":\"deny\",\"gymBattles\":true},\"map\":{\"geocodingProvider\":\"nominatim\",\"providerUrl\":\"https://geo.example.com/search?format=json\",\"staticProvider\":\"tileservercache\",\"staticProviderUrl\":\"https://tiles.example.com//static\",\"width\":400,\"height\":300,\"zoom\":14,\"addressFormat\":\"{{streetName}} \"}}",
  poracleWeb:
    "{\"status\":\"ok\",\"version\":\"9.9.9\",\"locale\":\"de\",\"prefix\":\"$\",\"providerURL\":\"https://geo.example.com/search?format=json\",\"addressFormat\":\"{{streetName}} \",\"staticKey\":[],\"pvpFilterMaxRank\":15,\"pvpFilterGreatMinCP\":1300,\"pvpFilterUltraMinCP\":2200,\"pvpFilterLittleMinCP\":300,\"pvpLittleLeagueAllowed\":true,\"pvpCaps\":[40,50,51],\"pvpRequiresMinCp\":false,\"defaultPvpCap\":51,\"defaultTemplateName\":\"3\",\"channelNotesContainsCategory\":true,\"admins\":{\"discord\":[\"42\"],\"telegram\":[\"7\"]},\"maxDistance\":9000,\"defaultDistance\":100,\"everythingFlagPermissions\":\"deny\",\"disabledHooks\":[\"gym\",\"raid\"],\"gymBattles\":true}",
  templates:
    "{\"status\":\"ok\",\"discord\":{\"monster\":{\"%\":[\"1\",\"2\",\"10\"],\"de\":[\"de-only\"]}},\"telegram\":{\"monster\":{\"%\":[\"1\"]},\"raid\":{\"%\":[\"1\"]}}}",
};

describe('client configuration answers with the plugins contributing', () => {
  let h: ConfigHarness;
  before(async () => {
    h = await configHarness({ config: CONFIG });
  });
  after(() => h.app.close());

  for (const [answer, payload] of Object.entries(RECORDED)) {
    it(`GET /api/config/${answer} is byte for byte the recorded answer`, async () => {
      const res = await h.get(`/api/config/${answer}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.payload, payload);
      assert.ok(!res.payload.includes(SECRET_1) && !res.payload.includes(SECRET_2));
    });
  }
});
