import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import TOML from '@iarna/toml';
import { configFromObject as coreConfigFromObject, defaultConfig as coreDefaultConfig, loadConfig, mergedConfigSpec, unimplementedKeysOf } from '../../../core/config/index.ts';
import { switchReader } from '../../../core/switches.ts';
import { MONSTER_CONFIG } from '../../../plugins/monster/config.ts';
import { WEATHER_CONFIG } from '../../../plugins/weather/config.ts';
import { QUEST_CONFIG } from '../../../plugins/quest/config.ts';
import { bundledPluginConfigs, configFromObject, defaultConfig } from '../../helpers/config.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const exampleFile = join(rootDir, 'config', 'config.example.toml');

describe('config defaults', () => {
  test('match the spec in every section', () => {
    const c = defaultConfig();
    assert.deepEqual(c.processor, { host: '0.0.0.0', port: 3030, ip_whitelist: [], ip_blacklist: [], trust_proxy: [], api_secret: '' });
    assert.equal(c.database.client, 'mysql');
    assert.equal(c.database.filename, 'config/lookout.sqlite');
    assert.equal(c.database.host, '127.0.0.1');
    assert.equal(c.database.port, 3306);
    assert.equal(c.database.scanner.type, 'golbat');
    assert.deepEqual(c.geofence.paths, ['geofences/geofence.json']);
    assert.equal(c.geofence.default_name, 'city');
    assert.deepEqual(c.geofence.remote_source, { bearer_token: '', cache_dir: '.cache/geofences' });
    const { pvp } = MONSTER_CONFIG.read(c);
    assert.deepEqual(pvp.level_caps, [50]);
    assert.equal(pvp.filter_great_min_cp, 1400);
    assert.equal(pvp.display_little_min_cp, 450);
    const { weather } = WEATHER_CONFIG.read(c);
    assert.equal(weather.forecast_day_quota, 50);
    assert.equal(weather.local_first_fetch_hod, 3);
    assert.equal(c.locale.address_format, '{{{streetName}}} {{streetNumber}}');
    assert.equal(c.locale.timeformat, 'en-gb');
    assert.equal(c.general.alert_minimum_time, 120);
    assert.equal(c.general.default_template_name, '1');
    assert.equal(c.general.shortlink_provider, 'hideuri');
    assert.equal(c.general.role_check_mode, 'ignore');
    assert.equal(switchReader(c)('disable_max_battle'), false);
    assert.deepEqual(c.general.disabled_commands, []);
    assert.deepEqual(c.general.available_languages, {});
    assert.match(c.general.img_url, /^https:\/\/raw\.githubusercontent\.com\/.+UICONS$/);
    assert.match(c.general.sticker_url, /^https:\/\//);
    assert.deepEqual([c.geocoding.provider, c.geocoding.static_provider, c.geocoding.cache_detail], ['none', 'none', 3]);
    assert.deepEqual([c.geocoding.width, c.geocoding.height, c.geocoding.zoom], [320, 200, 15]);
    assert.equal(c.tracking.everything_flag_permissions, 'allow-any');
    assert.equal(c.tracking.max_distance, 0);
    assert.equal(c.reconciliation.discord.remove_invalid_users, true);
    assert.equal(c.reconciliation.discord.update_channel_names, true);
    assert.deepEqual(c.reconciliation.telegram, { update_user_names: false, remove_invalid_users: true });
    assert.equal(c.stats.min_sample_size, 10000);
    assert.equal(c.stats.rarity_group_4_very_rare, 0.03);
    for (const url of Object.values(c.fallbacks)) assert.match(url, /^https:\/\/raw\.githubusercontent\.com\/.+\.png$/);
    assert.deepEqual(c.logging, { level: 'verbose', format: 'auto', file_logging_enabled: true, filename: 'logs/processor.log', max_size: 50, max_age: 7, max_backups: 5, compress: true });
    assert.deepEqual(c.webhookLogging, { enabled: false, filename: 'logs/webhooks.log', max_size: 100, max_age: 1, max_backups: 12, compress: true, rotate_interval: 60 });
    assert.equal(c.discord.thread_keep_alive_interval_hours, 24);
    assert.equal(c.discord.prefix, '!');
    assert.deepEqual(c.discord.token, []);
    assert.deepEqual(c.telegram.token, []);
    assert.deepEqual(c.autocreate, { removal_safety_max_percent: 20, rules: [] });
    // dm_summary_limit and channel_summary_limit are the quest plugin's (its digests' own limit)
    assert.deepEqual(c.alert_limits, { timing_period: 240, dm_limit: 20, channel_limit: 40, dm_summary_limit: 10, channel_summary_limit: 40, max_limits_before_stop: 10, disable_on_stop: false, shame_channel: '', overrides: [] });
    const quest = QUEST_CONFIG.read(c);
    assert.deepEqual([quest.tracking.quest_summary_enabled, quest.tracking.quest_summary_buffer_ttl_hours, quest.summariser.max_per_message, quest.general.default_timezone], [true, 24, 25, '']);
    assert.equal(c.tuning.matched_max_queue_size, 5000);
    assert.equal(c.tuning.max_database_connections, 15);
    assert.match(c.resources.masterfile_url, /master-latest-poracle\.json$/);
    assert.match(c.resources.locales_url, /static\/locales$/);
  });

  test('an empty file gives exactly the defaults, with no warnings', () => {
    const { config, warnings } = configFromObject({}, 'empty.toml');
    assert.deepEqual(config, defaultConfig());
    assert.deepEqual(warnings, []);
    const core = coreConfigFromObject({}, 'empty.toml');
    assert.deepEqual(core.config, coreDefaultConfig());
    assert.deepEqual(core.warnings, []);
  });

  test('overrides merge key by key over the defaults', () => {
    const { config } = configFromObject(
      { processor: { port: 4000 }, database: { client: 'sqlite', scanner: { user: 'golbat' } }, general: { disable_raid: true } },
      'over.toml',
    );
    assert.equal(config.processor.port, 4000);
    assert.equal(config.processor.host, '0.0.0.0');
    assert.equal(config.database.client, 'sqlite');
    assert.equal(config.database.scanner.user, 'golbat');
    assert.equal(config.database.scanner.port, 3306);
    assert.equal(switchReader(config)('disable_raid'), true);
    assert.equal(switchReader(config)('disable_gym'), false);
    assert.deepEqual(config.tuning, defaultConfig().tuning);
  });

  test('the loaded config is deeply frozen', () => {
    const { config } = configFromObject({ autocreate: { rules: [{ name: 'r', guild: '1', template: 't', params: ['{{name}}'] }] } });
    const mutable = config as unknown as { processor: { port: number }; database: { scanner: { type: string } } };
    assert.throws(() => {
      mutable.processor.port = 1;
    }, TypeError);
    assert.throws(() => {
      mutable.database.scanner.type = 'rdm';
    }, TypeError);
    assert.throws(() => (config.processor.ip_whitelist as string[]).push('1.2.3.4'), TypeError);
    assert.ok(Object.isFrozen(config.autocreate.rules[0]?.params));
    assert.ok(Object.isFrozen(defaultConfig().general));
    assert.ok(Object.isFrozen(MONSTER_CONFIG.read(config).pvp.level_caps));
  });
});

describe('config/config.example.toml, against the schema merged from the core and every bundled plugin', () => {
  /** keys whose default is empty and which the file shows only in comments */
  const commentedOnly = new Set(['general.available_languages', 'autocreate.rules', 'alert_limits.overrides', 'area_security.communities', 'discord.command_security', 'telegram.command_security', 'discord.role_subscriptions', 'discord.delegated_admins', 'discord.webhook_admins', 'telegram.delegated_admins']);
  const schemaKeys = leafPaths(mergedConfigSpec(bundledPluginConfigs()).defaults);
  /** keys accepted only so older files load (core/config/unimplemented.ts): not documented */
  const ignored = new Set(Object.entries(unimplementedKeysOf(bundledPluginConfigs())).flatMap(([path, entry]) => (entry.status === 'ignored' ? [path] : [])));

  test('loads with no warnings, documents the defaults and keeps client = "mysql"', () => {
    const { config, warnings } = loadConfig(exampleFile, bundledPluginConfigs());
    assert.deepEqual(warnings, []);
    assert.equal(config.database.client, 'mysql');
    assert.deepEqual(config, defaultConfig());
  });

  test('writes out every key of every section, the plugins\' keys included, but the ignored ones', () => {
    const parsed: unknown = TOML.parse(readFileSync(exampleFile, 'utf8'));
    const missing = schemaKeys.filter((path) => !commentedOnly.has(path) && !ignored.has(path) && valueAt(parsed, path) === undefined);
    assert.deepEqual(missing, []);
    for (const path of ['pvp.level_caps', 'weather.smart_forecast', 'general.ignore_long_raids', 'general.disable_stop', 'tracking.enable_gym_battle', 'fallbacks.img_url_egg']) {
      assert.ok(schemaKeys.includes(path), path);
    }
  });

  test('documents no key the schema does not know', () => {
    const parsed = TOML.parse(readFileSync(exampleFile, 'utf8'));
    const unknown = leafPaths(parsed).filter((path) => !schemaKeys.includes(path));
    assert.deepEqual(unknown, []);
  });
});

function leafPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]: [string, unknown]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const isSection = typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0;
    return isSection ? leafPaths(v, path) : [path];
  });
}

function valueAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), root);
}
