/**
 * The mapping from a PoracleJS local.json to Lookout's keys, and its validation by the service's own loader (with
 * the bundled plugins' keys), on the fixtures in test/fixtures/poraclejs/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { convertPoracleConfig, type Conversion } from '../../../core/migrate-config/convert.ts';
import { parsePoracleJson } from '../../../core/migrate-config/poracle-json.ts';
import type { Note, NoteKind } from '../../../core/migrate-config/report.ts';
import { validateConverted } from '../../../core/migrate-config/validate.ts';
import { bundledPluginConfigs, configFromObject } from '../../helpers/config.ts';

function fixture(name: string): Record<string, unknown> {
  return parsePoracleJson(readFileSync(new URL(`../../fixtures/poraclejs/${name}/config/local.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

function migrated(name: string): { conversion: Conversion; table: Record<string, unknown>; notes: Note[] } {
  const conversion = convertPoracleConfig(fixture(name));
  const validated = validateConverted(conversion.table, conversion.sources, 'config.toml', bundledPluginConfigs());
  return { conversion, table: validated.table, notes: [...conversion.notes, ...validated.notes] };
}

/** a key of the loaded config by its dotted path (plugin keys are not on the core's Config type) */
function keyOf(config: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], config);
}

const noteOf = (notes: readonly Note[], key: string, kind?: NoteKind): Note | undefined => notes.find((n) => n.key === key && (kind === undefined || n.kind === kind));

describe('every key of PoracleJS\'s default.json', () => {
  const { table, notes } = migrated('every-key');

  test('is known: none is reported as unknown', () => {
    assert.deepEqual(notes.filter((n) => n.detail.startsWith('not a PoracleJS key')), []);
  });

  test('the result loads without a warning', () => {
    const { warnings } = configFromObject(table);
    assert.deepEqual(warnings, []);
    assert.deepEqual(notes.filter((n) => n.kind === 'loader warning'), []);
  });

  test('the placeholder lists of default.json ([""]) become empty lists', () => {
    const { config } = configFromObject(table);
    assert.deepEqual(config.discord.token, []);
    assert.deepEqual(config.discord.admins, []);
    assert.deepEqual(config.telegram.channels, []);
  });
});

describe('a Discord community', () => {
  const { conversion, table, notes } = migrated('discord');
  const { config, warnings } = configFromObject(table);

  test('loads without warnings', () => assert.deepEqual(warnings, []));

  test('server → processor, with the port as a number', () => {
    assert.equal(config.processor.port, 4201);
    assert.equal(config.processor.api_secret, 's3cret');
  });

  test('PoracleJS\'s listening address is kept when local.json is silent, and said so', () => {
    assert.equal(config.processor.host, '127.0.0.1');
    assert.equal(noteOf(notes, 'server.host')?.kind, 'default applied');
  });

  test('database.conn → [database]; scanner database with PoracleJS\'s defaults for what is not set', () => {
    assert.deepEqual(
      [config.database.host, config.database.port, config.database.user, config.database.password, config.database.database],
      ['db.local', 3307, 'poracle', 'pw', 'poracle_city'],
    );
    assert.deepEqual([config.database.scanner.type, config.database.scanner.host, config.database.scanner.user], ['golbat', 'scanner.local', 'scanneruser']);
  });

  test('general keys, languages (poracle word → service word) and the template name as a string', () => {
    assert.equal(config.general.locale, 'de');
    assert.equal(keyOf(config, 'general.disable_stop'), true);
    assert.equal(config.general.default_template_name, '2');
    assert.deepEqual(config.general.available_languages.de, { service: 'dasporacle', help: 'hilfe' });
  });

  test('Discord: a single role becomes a list, empty ids are dropped, enabled as PoracleJS had it', () => {
    assert.equal(config.discord.enabled, true);
    assert.deepEqual(keyOf(config, 'discord.user_role'), ['333333333333333333']);
    assert.deepEqual(config.discord.admins, ['444444444444444444']);
    assert.equal(config.discord.prefix, '?');
    assert.deepEqual(config.discord.command_security, { monster: ['555555555555555555'] });
  });

  test('delegated administration and role subscriptions become arrays of tables', () => {
    assert.deepEqual(config.discord.delegated_admins, [{ target: '666666666666666666', admins: ['777777777777777777'] }]);
    assert.deepEqual(config.discord.webhook_admins, [{ target: 'Raid Hook', admins: ['777777777777777777'] }]);
    assert.deepEqual(config.discord.user_tracking_admins, ['888888888888888888']);
    assert.deepEqual(config.discord.role_subscriptions, [
      { guild: '111111111111111111', roles: { alerts: '999999999999999999' }, exclusive_roles: [{ 'team-a': '121212121212121212', 'team-b': '131313131313131313' }] },
    ]);
  });

  test('the old fallback spelling comes out as today\'s key (the loader\'s legacy rule)', () => {
    assert.equal(config.fallbacks.img_url_stop, 'https://example.test/stop.png');
    assert.equal(Object.hasOwn(table.fallbacks as object, 'img_url_pokestop'), false);
  });

  test('enum spellings are lower-cased for the loader; includeStops is read from the tile server defaults', () => {
    assert.equal(config.geocoding.provider, 'nominatim');
    assert.equal(config.geocoding.include_stops, true);
  });

  test('geofence files go to config/geofences/ and are to be copied from the PoracleJS folder', () => {
    assert.deepEqual(config.geofence.paths, ['config/geofences/city.json', 'config/geofences/geofence.json']);
    assert.deepEqual(conversion.copies, [
      { from: './geofences/city.json', to: 'config/geofences/city.json' },
      { from: 'config/geofence.json', to: 'config/geofences/geofence.json' },
    ]);
  });

  test('keys with a changed meaning are reported with the Lookout key', () => {
    assert.equal(noteOf(notes, 'logger.dailyLogLimit', 'changed meaning')?.to, 'logging.max_age');
    assert.equal(config.logging.max_age, 3);
    assert.equal(noteOf(notes, 'tuning.maxDatabaseConnections', 'changed meaning')?.to, 'tuning.max_database_connections');
  });

  test('keys without a Lookout counterpart are reported, each with why', () => {
    assert.equal(noteOf(notes, 'discord.activity')?.kind, 'not supported');
    assert.equal(noteOf(notes, 'general.images')?.kind, 'no equivalent');
    assert.equal(noteOf(notes, 'logger.consoleLogLevel')?.kind, 'no equivalent');
    assert.equal(noteOf(notes, 'geocoding.tileserverSettings.default.width')?.kind, 'not supported');
    assert.match(noteOf(notes, 'someOldSection.flag')?.detail ?? '', /not a PoracleJS key/);
    for (const note of notes) assert.notEqual(note.detail.trim(), '', `${note.key} says why`);
  });

  test('PVP read from the webhook: nothing to report for dataSource', () => {
    assert.equal(noteOf(notes, 'pvp.dataSource'), undefined);
    assert.deepEqual(keyOf(config, 'pvp.level_caps'), [50, 51]);
  });
});

describe('a Telegram community', () => {
  const { table, notes } = migrated('telegram');
  const { config } = configFromObject(table);

  test('Telegram keys and delegations; Discord stays off', () => {
    assert.equal(config.discord.enabled, false);
    assert.equal(config.telegram.enabled, true);
    assert.deepEqual(config.telegram.token, ['123456:ABCDEF'], 'one token becomes the list [telegram] token takes');
    assert.equal(keyOf(config, 'telegram.check_role_interval'), 12);
    assert.deepEqual(config.telegram.delegated_admins, [{ target: '-1009876543210', admins: ['12345678'] }]);
    assert.equal(noteOf(notes, 'telegram.delegatedAdministration.webhookTracking')?.kind, 'no equivalent');
    assert.equal(noteOf(notes, 'telegram.botWelcomeText')?.kind, 'not supported');
  });

  test('an explicit listening address is kept, and no default is claimed for it', () => {
    assert.equal(config.processor.host, '0.0.0.0');
    assert.equal(noteOf(notes, 'server.host'), undefined);
    assert.deepEqual(config.processor.ip_whitelist, ['127.0.0.1', '10.0.0.0/8']);
  });

  test('stats, locale, tracking and weather keys', () => {
    assert.equal(config.stats.window_hours, 12);
    assert.equal(config.stats.rarity_group_2_uncommon, 2);
    assert.equal(config.locale.address_format, '{{{streetName}}}, {{{city}}}');
    assert.equal(config.tracking.everything_flag_permissions, 'deny');
    assert.deepEqual(keyOf(config, 'weather.forecast_api_keys'), ['k1', 'k2']);
    assert.equal(config.general.role_check_mode, 'disable-user');
  });

  test('a value the loader refuses is left out and reported with the loader\'s reason', () => {
    const note = noteOf(notes, 'weather.localFirstFetchHOD');
    assert.equal(note?.kind, 'value refused');
    assert.match(note?.detail ?? '', /0 to 23/);
    assert.equal(keyOf(config, 'weather.local_first_fetch_hod'), 3, 'the default stays');
  });

  test('PoracleJS computed PVP ranks unless told otherwise: the difference is reported', () => {
    assert.equal(noteOf(notes, 'pvp.dataSource', 'default applied')?.kind, 'default applied');
    assert.equal(noteOf(notes, 'pvp.dataSource', 'no equivalent')?.kind, 'no equivalent');
  });
});

describe('several communities with alert limits', () => {
  const { table, notes } = migrated('communities');
  const { config } = configFromObject(table);

  test('communities keyed by name become [[area_security.communities]]; one locationFence name becomes a list', () => {
    assert.equal(config.area_security.enabled, true);
    assert.equal(config.area_security.strict_locations, true);
    assert.deepEqual(config.area_security.communities, [
      { name: 'NewYork', allowed_areas: ['manhattan', 'bronx'], location_fence: ['wholenewyork'], discord: { channels: ['333333333333333333'], user_role: ['444444444444444444'] }, telegram: { channels: ['-100555'] } },
      { name: 'chicago', allowed_areas: ['northwest'], location_fence: ['wholechicago'], discord: { channels: [], user_role: ['666666666666666666'] }, telegram: { channels: [] } },
    ]);
    assert.equal(noteOf(notes, 'areaSecurity.communities.chicago.colour')?.kind, 'no equivalent');
  });

  test('limit overrides become [[alert_limits.overrides]]; a limit that is no number is refused', () => {
    assert.equal(config.alert_limits.dm_limit, 10);
    assert.equal(config.alert_limits.shame_channel, '777777777777777777');
    assert.deepEqual(config.alert_limits.overrides, [{ target: '888888888888888888', limit: 100 }, { target: 'Raid Hook', limit: 500 }]);
    assert.equal(noteOf(notes, 'alertLimits.limitOverride.999999999999999999')?.kind, 'value refused');
  });

  test('MAD is refused by the loader\'s own rule and reported against scannerType', () => {
    const note = noteOf(notes, 'database.scannerType');
    assert.equal(note?.kind, 'value refused');
    assert.match(note?.detail ?? '', /MAD is no longer supported/);
    assert.equal(config.database.scanner.type, 'golbat');
  });

  test('an unknown enum value is refused with the values the loader accepts', () => {
    assert.match(noteOf(notes, 'tracking.everythingFlagPermissions', 'value refused')?.detail ?? '', /allow-any/);
    assert.equal(config.tracking.everything_flag_permissions, 'allow-any');
  });

  test('a Koji URL is kept as a geofence path and its bearer token carried over', () => {
    assert.deepEqual(config.geofence.paths, ['https://koji.example.test/api/v1/geofence/poracle/all']);
    assert.equal(config.geofence.remote_source.bearer_token, 'koji-token');
  });
});

describe('the PoracleJS defaults applied', () => {
  test('an empty local.json: the database login and the listening address are PoracleJS\'s', () => {
    const conversion = convertPoracleConfig({});
    const { config } = configFromObject(validateConverted(conversion.table, conversion.sources, 'c', bundledPluginConfigs()).table);
    assert.deepEqual([config.database.user, config.database.password, config.database.database], ['poracleuser', 'poraclepassword', 'poracle']);
    assert.equal(config.processor.host, '127.0.0.1');
    assert.equal(config.discord.enabled, false, 'no Discord token: Discord is not switched on');
  });

  test('the same key written twice (an older spelling and the new one) keeps the first and reports the second', () => {
    const conversion = convertPoracleConfig({ general: { logLevel: 'info' }, logger: { logLevel: 'debug' } });
    assert.equal((conversion.table.logging as Record<string, unknown>).level, 'info');
    assert.match(noteOf(conversion.notes, 'logger.logLevel', 'value refused')?.detail ?? '', /already written from general\.logLevel/);
  });
});

describe('refused values', () => {
  const run = (local: Record<string, unknown>): { table: Record<string, unknown>; notes: Note[] } => {
    const conversion = convertPoracleConfig(local);
    const validated = validateConverted(conversion.table, conversion.sources, 'c', bundledPluginConfigs());
    return { table: validated.table, notes: [...conversion.notes, ...validated.notes] };
  };

  test('a language whose word the loader refuses is left out whole, the others kept', () => {
    const { table, notes } = run({ general: { availableLanguages: { de: { poracle: 'das poracle', help: 'hilfe' }, fr: { poracle: 'leporacle', help: 'aide' } } } });
    const { config } = configFromObject(table);
    assert.deepEqual(Object.keys(config.general.available_languages), ['fr']);
    assert.match(noteOf(notes, 'general.availableLanguages', 'value refused')?.detail ?? '', /without spaces/);
  });

  test('an sqlite PoracleJS database and a port that is no number are refused; the defaults stay', () => {
    const { table, notes } = run({ database: { client: 'sqlite3' }, server: { port: 'abc' } });
    const { config } = configFromObject(table);
    assert.equal(config.database.client, 'mysql');
    assert.equal(config.processor.port, 3030);
    assert.equal(noteOf(notes, 'database.client')?.kind, 'value refused');
    assert.equal(noteOf(notes, 'server.port')?.kind, 'value refused');
  });

  test('an address list the loader refuses is reported against the PoracleJS key', () => {
    const { notes } = run({ server: { ipWhitelist: ['not-an-ip'] } });
    assert.equal(noteOf(notes, 'server.ipWhitelist')?.to, 'processor.ip_whitelist[0]');
  });
});
