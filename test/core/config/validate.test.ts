import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromObject } from '../../helpers/config.ts';
import { configErrorOf } from './expect-config-error.ts';

function refusal(raw: unknown): string {
  return configErrorOf(() => configFromObject(raw, 'config/config.toml')).message;
}

describe('config validation', () => {
  test('a wrong type names the file, the key, what was expected and what was found', () => {
    const err = configErrorOf(() => configFromObject({ database: { port: '3306' } }, 'config/config.toml'));
    assert.equal(err.message, 'config/config.toml: database.port must be an integer from 1 to 65535; found string "3306"');
    assert.equal(err.code, 'CONFIG_INVALID');
    assert.deepEqual(err.context, { file: 'config/config.toml', key: 'database.port', expected: 'an integer from 1 to 65535', found: 'string "3306"' });
    assert.equal(refusal({ processor: { port: 'eighty' } }), 'config/config.toml: processor.port must be an integer from 0 to 65535; found string "eighty"');
    assert.equal(refusal({ general: { disable_raid: 'yes' } }), 'config/config.toml: general.disable_raid must be a boolean (true or false); found string "yes"');
    assert.equal(refusal({ locale: { language: 5 } }), 'config/config.toml: locale.language must be a string; found integer 5');
    assert.equal(refusal({ processor: 'x' }), 'config/config.toml: processor must be a table; found string "x"');
    assert.equal(refusal({ processor: { ip_whitelist: ['1.2.3.4', 5] } }), 'config/config.toml: processor.ip_whitelist[1] must be a string; found integer 5');
  });

  test('integers must be integers; database ports 1..65535, the listen port 0..65535', () => {
    assert.match(refusal({ tuning: { batch_size: 2.5 } }), /tuning\.batch_size must be an integer of at least 1; found decimal number 2\.5/);
    assert.match(refusal({ database: { port: 0 } }), /database\.port must be an integer from 1 to 65535; found integer 0/);
    assert.match(refusal({ database: { scanner: { port: 70000 } } }), /database\.scanner\.port must be an integer from 1 to 65535; found integer 70000/);
    assert.match(refusal({ processor: { port: 65536 } }), /processor\.port must be an integer from 0 to 65535; found integer 65536/);
    assert.equal(configFromObject({ processor: { port: 0 } }).config.processor.port, 0, 'port 0 = any free port');
    assert.match(refusal({ pvp: { level_caps: [50, 50.5] } }), /pvp\.level_caps\[1\] must be an integer of at least 1/);
    assert.match(refusal({ processor: { port: 2n ** 70n } }), /found integer \d+ \(too large\)/);
    assert.equal(configFromObject({ stats: { rarity_group_2_uncommon: 2 } }).config.stats.rarity_group_2_uncommon, 2);
  });

  test('an unknown enum value is refused with the allowed values', () => {
    assert.equal(
      refusal({ general: { role_check_mode: 'kick' } }),
      'config/config.toml: general.role_check_mode must be one of "ignore", "delete", "disable-user"; found string "kick"',
    );
    assert.match(refusal({ database: { client: 'postgres' } }), /database\.client must be one of "mysql", "sqlite"; found string "postgres"/);
    assert.match(refusal({ logging: { level: 'error' } }), /logging\.level must be one of "silly", "debug", "verbose", "info", "warn"/);
    assert.match(refusal({ tracking: { everything_flag_permissions: 'allow' } }), /tracking\.everything_flag_permissions must be one of/);
  });

  test('out-of-range values are refused', () => {
    assert.equal(
      refusal({ discord: { thread_keep_alive_interval_hours: 169 } }),
      'config/config.toml: discord.thread_keep_alive_interval_hours must be an integer from 1 to 168; found integer 169',
    );
    assert.equal(configFromObject({ discord: { thread_keep_alive_interval_hours: 168 } }).config.discord.thread_keep_alive_interval_hours, 168);
    assert.match(refusal({ discord: { thread_keep_alive_interval_hours: 0 } }), /from 1 to 168; found integer 0/);
    assert.match(refusal({ alert_limits: { dm_limit: -1 } }), /alert_limits\.dm_limit must be an integer of at least 0; found integer -1/);
    assert.match(refusal({ autocreate: { removal_safety_max_percent: 101 } }), /autocreate\.removal_safety_max_percent must be a number from 0 to 100; found integer 101/);
    assert.match(refusal({ weather: { local_first_fetch_hod: 24 } }), /weather\.local_first_fetch_hod must be an integer from 0 to 23/);
  });

  test('unknown keys and sections are warned about, never fatal', () => {
    const { config, warnings } = configFromObject(
      { processor: { prot: 1, port: 4000 }, database: { scanner: { kind: 'x' } }, community_security: { enabled: true } },
      'config/config.toml',
    );
    assert.equal(config.processor.port, 4000);
    assert.deepEqual(warnings, [
      'config/config.toml: unknown key "processor.prot" ignored (did you mean "processor.port"?)',
      'config/config.toml: unknown key "database.scanner.kind" ignored',
      'config/config.toml: unknown section [community_security] ignored',
    ]);
    assert.equal(Object.hasOwn(config.processor, 'prot'), false);
  });
});

describe('arrays of tables and language tables', () => {
  const rule = { name: 'city', guild: '123456789012345678', template: 'area', params: ['{{name}}'] };

  test('autocreate rules get defaults for the optional keys', () => {
    const { config } = configFromObject({ autocreate: { rules: [rule, { ...rule, name: 'town', filter: "{{eq group 'x'}}", remove_missing: true }] } });
    assert.deepEqual(config.autocreate.rules, [
      { ...rule, filter: '', remove_missing: false },
      { ...rule, name: 'town', filter: "{{eq group 'x'}}", remove_missing: true },
    ]);
  });

  test('area security communities get defaults, need a unique name and nest their platform tables', () => {
    const { config } = configFromObject({ area_security: { enabled: true, communities: [{ name: 'North', allowed_areas: ['a'], discord: { channels: ['1'] } }] } });
    assert.deepEqual(config.area_security.communities, [{ name: 'North', allowed_areas: ['a'], location_fence: [], discord: { channels: ['1'], user_role: [] }, telegram: { channels: [] } }]);
    assert.match(refusal({ area_security: { communities: [{ allowed_areas: [] }] } }), /area_security\.communities\[0\]\.name must be a string \(non-empty\); found nothing/);
    assert.match(refusal({ area_security: { communities: [{ name: 'n' }, { name: 'n' }] } }), /area_security\.communities\[1\]\.name must be unique/);
    assert.match(refusal({ area_security: { communities: [{ name: 'n', telegram: { channels: 'x' } }] } }), /area_security\.communities\[0\]\.telegram\.channels/);
  });

  test('autocreate rules are validated entry by entry', () => {
    const { name: _name, ...noName } = rule;
    assert.match(refusal({ autocreate: { rules: [noName] } }), /autocreate\.rules\[0\]\.name must be a string \(non-empty, without spaces\); found nothing \(the key is required\)/);
    assert.match(refusal({ autocreate: { rules: [{ ...rule, name: 'my city' }] } }), /autocreate\.rules\[0\]\.name must be a string \(non-empty, without spaces\); found string "my city"/);
    assert.match(refusal({ autocreate: { rules: [rule, rule] } }), /autocreate\.rules\[1\]\.name must be unique \(already used by autocreate\.rules\[0\]\); found string "city"/);
    assert.match(refusal({ autocreate: { rules: [{ ...rule, params: [] }] } }), /autocreate\.rules\[0\]\.params must be an array of strings with at least 1 entry; found array \[\]/);
    assert.match(refusal({ autocreate: { rules: [{ ...rule, guild: 123 }] } }), /autocreate\.rules\[0\]\.guild must be a string/);
    assert.match(refusal({ autocreate: { rules: { name: 'x' } } }), /autocreate\.rules must be an array of tables \(\[\[autocreate\.rules\]\]\); found table/);
    const { warnings } = configFromObject({ autocreate: { rules: [{ ...rule, colour: 'red' }] } }, 'c.toml');
    assert.deepEqual(warnings, ['c.toml: unknown key "autocreate.rules[0].colour" ignored']);
  });

  test('alert limit overrides need a target and an integer limit', () => {
    const { config } = configFromObject({ alert_limits: { overrides: [{ target: '42', limit: 100 }, { target: 'hook', limit: 5 }] } });
    assert.deepEqual(config.alert_limits.overrides, [{ target: '42', limit: 100 }, { target: 'hook', limit: 5 }]);
    assert.match(refusal({ alert_limits: { overrides: [{ target: '42' }] } }), /alert_limits\.overrides\[0\]\.limit must be an integer of at least 0; found nothing/);
    assert.match(refusal({ alert_limits: { overrides: [{ target: '42', limit: 1.5 }] } }), /alert_limits\.overrides\[0\]\.limit must be an integer/);
    assert.match(refusal({ alert_limits: { overrides: [{ target: 42, limit: 1 }] } }), /alert_limits\.overrides\[0\]\.target must be a string \(non-empty\); found integer 42/);
    assert.match(refusal({ alert_limits: { overrides: [{ limit: 1 }] } }), /overrides\[0\]\.target .* found nothing/);
  });

  test('available languages are tables of service and help words', () => {
    const { config } = configFromObject({ general: { available_languages: { de: { service: 'dienst', help: 'hilfe' } } } });
    assert.deepEqual(config.general.available_languages, { de: { service: 'dienst', help: 'hilfe' } });
    assert.match(refusal({ general: { available_languages: { de: { service: 'dienst' } } } }), /general\.available_languages\.de\.help must be a string .*found nothing/);
    assert.match(refusal({ general: { available_languages: { de: 'dienst' } } }), /general\.available_languages\.de must be a table/);
  });

  test('available languages translate any command: every further key is a command name, its value the word', () => {
    const { config, warnings } = configFromObject({ general: { available_languages: { de: { service: 'dienst', help: 'hilfe', track: 'verfolgen', untrack: 'entfolgen' } } } });
    assert.deepEqual(config.general.available_languages, { de: { service: 'dienst', help: 'hilfe', track: 'verfolgen', untrack: 'entfolgen' } });
    assert.equal(config.general.available_languages.de?.['track'], 'verfolgen');
    assert.deepEqual(warnings, [], 'a command key is not an unknown key');
    assert.match(refusal({ general: { available_languages: { de: { service: 'dienst', help: 'hilfe', track: 5 } } } }), /general\.available_languages\.de\.track must be a string \(non-empty, without spaces\); found integer 5/);
    assert.match(refusal({ general: { available_languages: { de: { service: 'dienst', help: 'hilfe', track: 'ver folgen' } } } }), /general\.available_languages\.de\.track must be a string/);
    assert.match(refusal({ general: { available_languages: { de: { track: 'verfolgen' } } } }), /general\.available_languages\.de\.service .*found nothing/);
  });
});
