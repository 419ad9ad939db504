import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromObject } from '../../helpers/config.ts';
import { configErrorOf } from './expect-config-error.ts';

describe('legacy and alias spellings', () => {
  test('[alerter] api_secret is copied into a blank [processor] api_secret', () => {
    assert.equal(configFromObject({ alerter: { api_secret: 'old' } }).config.processor.api_secret, 'old');
    const blank = configFromObject({ alerter: { api_secret: 'old' }, processor: { api_secret: '  ', port: 4000 } }).config;
    assert.equal(blank.processor.api_secret, 'old');
    assert.equal(blank.processor.port, 4000);
    const set = configFromObject({ alerter: { api_secret: 'old' }, processor: { api_secret: 'new' } }).config;
    assert.equal(set.processor.api_secret, 'new');
  });

  test('other [alerter] keys are reported, not fatal, and [alerter] is no unknown section', () => {
    const { warnings } = configFromObject({ alerter: { api_secret: 's', port: 3031 } }, 'c.toml');
    assert.deepEqual(warnings, ['c.toml: alerter.port ignored (only api_secret is read from the legacy [alerter] section)']);
  });

  test('[database] scanner_type is an alias of [database.scanner] type', () => {
    assert.equal(configFromObject({ database: { scanner_type: 'rdm' } }).config.database.scanner.type, 'rdm');
    assert.equal(configFromObject({ database: { scanner_type: 'scanner_b' } }).config.database.scanner.type, 'rdm');
    const both = configFromObject({ database: { scanner_type: 'rdm', scanner: { type: 'golbat' } } }, 'c.toml');
    assert.equal(both.config.database.scanner.type, 'golbat');
    assert.equal(both.warnings.length, 1);
    assert.match(both.warnings[0] ?? '', /database\.scanner_type ignored/);
  });

  test('the previous generation\'s [fallbacks] img_url_pokestop and pokestop_url are read as img_url_stop and stop_url', () => {
    const { config, warnings } = configFromObject({ fallbacks: { img_url_pokestop: 'https://x.test/stop.png', pokestop_url: 'https://x.test/photo.png' } }, 'c.toml');
    assert.deepEqual(warnings, []);
    assert.deepEqual([config.fallbacks.img_url_stop, config.fallbacks.stop_url], ['https://x.test/stop.png', 'https://x.test/photo.png']);
    const both = configFromObject({ fallbacks: { pokestop_url: 'https://x.test/old.png', stop_url: 'https://x.test/new.png' } }, 'c.toml');
    assert.equal(both.config.fallbacks.stop_url, 'https://x.test/new.png');
    assert.deepEqual(both.warnings, ['c.toml: fallbacks.pokestop_url ignored because fallbacks.stop_url is also set']);
  });

  test('[chat_a] and [chat_b] are read as [discord] and [telegram]', () => {
    const { config, warnings } = configFromObject({
      chat_a: { enabled: true, prefix: '?', thread_keep_alive_interval_hours: 48 },
      chat_b: { enabled: true, token: 'tg' },
      reconciliation: { chat_a: { register_new_users: true }, chat_b: { update_user_names: true } },
    });
    assert.deepEqual(warnings, []);
    assert.equal(config.discord.enabled, true);
    assert.equal(config.discord.prefix, '?');
    assert.equal(config.discord.thread_keep_alive_interval_hours, 48);
    assert.deepEqual(config.telegram.token, ['tg']);
    assert.equal(config.reconciliation.discord.register_new_users, true);
    assert.equal(config.reconciliation.telegram.update_user_names, true);
    assert.equal(config.reconciliation.telegram.remove_invalid_users, true);
  });

  test('an alias and its section are merged; the real section wins a shared key, with a warning', () => {
    const { config, warnings } = configFromObject({ chat_a: { prefix: '?', admins: ['1'] }, discord: { prefix: '.' } }, 'c.toml');
    assert.equal(config.discord.prefix, '.');
    assert.deepEqual(config.discord.admins, ['1']);
    assert.deepEqual(warnings, ['c.toml: chat_a.prefix is also set in [discord]; the [discord] value is used']);
  });

  test('scanner type mad is refused in any case, under either key', () => {
    for (const raw of [{ database: { scanner: { type: 'mad' } } }, { database: { scanner_type: 'MAD' } }, { database: { scanner: { type: 'Mad' } } }]) {
      const err = configErrorOf(() => configFromObject(raw, 'c.toml'));
      assert.match(err.message, /^c\.toml: database\.scanner(_type|\.type) /);
      assert.match(err.message, /MAD is no longer supported; use "golbat" or "rdm"/);
    }
  });

  test('neutral enum names are normalised to the real ones', () => {
    const { config } = configFromObject({
      database: { scanner: { type: 'scanner_a' } },
      general: { shortlink_provider: 'provider_c' },
      geocoding: { provider: 'commercial_provider', static_provider: 'tile_cache_server' },
    });
    assert.equal(config.database.scanner.type, 'golbat');
    assert.equal(config.general.shortlink_provider, 'yourls');
    assert.equal(config.geocoding.provider, 'google');
    assert.equal(config.geocoding.static_provider, 'tileservercache');
    const more = configFromObject({ general: { shortlink_provider: 'provider_b' }, geocoding: { provider: 'open_provider', static_provider: 'commercial_b' } });
    assert.deepEqual([more.config.general.shortlink_provider, more.config.geocoding.provider, more.config.geocoding.static_provider], ['shlink', 'nominatim', 'mapbox']);
    assert.equal(configFromObject({ geocoding: { static_provider: 'open_map' } }).config.geocoding.static_provider, 'osm');
    assert.equal(configFromObject({ geocoding: { static_provider: 'commercial_a' } }).config.geocoding.static_provider, 'google');
    assert.equal(configFromObject({ logging: { level: 'DEBUG' } }).config.logging.level, 'debug');
  });

  test('a single discord token string is wrapped into an array', () => {
    assert.deepEqual(configFromObject({ discord: { token: 'abc' } }).config.discord.token, ['abc']);
    assert.deepEqual(configFromObject({ discord: { token: ['a', 'b'] } }).config.discord.token, ['a', 'b']);
  });

  test('the input object is left untouched', () => {
    const raw = { alerter: { api_secret: 's' }, database: { scanner_type: 'rdm' }, chat_a: { prefix: '?' } };
    const copy = structuredClone(raw);
    configFromObject(raw);
    assert.deepEqual(raw, copy);
  });
});
