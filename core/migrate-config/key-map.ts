/**
 * Every PoracleJS configuration key (config/default.json of its newest release, plus the keys its code reads
 * that default.json leaves out) and what it becomes in Lookout's config.toml. A key naming a table here takes
 * the whole table; a table not named here is walked key by key. A key found in neither is reported as unknown.
 */
import type { KeyRule } from './outcome.ts';
import { noEquivalent, to, unsupported } from './outcome.ts';
import { availableLanguages, communities, delegatedAdministration, limitOverride, tileserverSettings, userRoleSubscription } from './tables.ts';
import { asBoolean, asInteger, asIntegers, asLists, asNumber, asString, asStrings, asWord, refuse, ok, type Convert } from './values.ts';
import { geofencePaths } from './geofence.ts';

/** PoracleJS only ran on MySQL/MariaDB in its last releases; an sqlite client is refused rather than guessed. */
const databaseClient: Convert = (value) => {
  const word = asWord(value);
  if (!word.ok) return word;
  if (word.value === 'mysql' || word.value === 'mysql2' || word.value === 'mariadb') return ok('mysql');
  return refuse(`client "${String(value)}": only a MySQL/MariaDB PoracleJS database can be taken over (PoracleJS itself dropped sqlite3)`);
};

/** scannerType "none" means no scanner database: nothing is written; mad is refused by the loader's legacy rules. */
const scannerType: Convert = (value) => asWord(value);

const THREADS = 'Lookout is one process: webhooks are matched by one pool of [tuning] concurrent_matched_processors workers (default 10)';
const BOT_PRESENCE = 'the bots set no presence or activity';
const PLATFORM_REPLY = 'Lookout answers with its own (translatable) texts';

export const KEY_RULES: Readonly<Record<string, KeyRule>> = {
  // ---- server → [processor]
  'server.host': to('processor.host', asString),
  'server.port': to('processor.port', asInteger),
  'server.ipWhitelist': to('processor.ip_whitelist', asStrings),
  'server.ipBlacklist': to('processor.ip_blacklist', asStrings),
  'server.apiSecret': to('processor.api_secret', asString),

  // ---- database
  'database.client': to('database.client', databaseClient),
  'database.conn.host': to('database.host', asString),
  'database.conn.port': to('database.port', asInteger),
  'database.conn.user': to('database.user', asString),
  'database.conn.password': to('database.password', asString),
  'database.conn.database': to('database.database', asString),
  'database.scannerType': (value, key) => {
    const word = scannerType(value);
    if (word.ok && word.value === 'none') return { placements: [], notes: [] };
    return to('database.scanner.type', scannerType)(value, key);
  },
  'database.scanner.host': to('database.scanner.host', asString),
  'database.scanner.port': to('database.scanner.port', asInteger),
  'database.scanner.user': to('database.scanner.user', asString),
  'database.scanner.password': to('database.scanner.password', asString),
  'database.scanner.database': to('database.scanner.database', asString),
  'database.conn.connectionLimit': noEquivalent('the pool size is [tuning] max_database_connections (from tuning.maxDatabaseConnections)'),
  'database.conn.connectTimeout': noEquivalent('connection timeouts are the MySQL driver defaults'),

  // ---- general
  'general.environment': unsupported('nothing depends on it'),
  'general.alertMinimumTime': to('general.alert_minimum_time', asInteger),
  'general.ignoreLongRaids': to('general.ignore_long_raids', asBoolean),
  'general.imgUrl': to('general.img_url', asString),
  'general.imgUrlAlt': to('general.img_url_alt', asString),
  'general.stickerUrl': to('general.sticker_url', asString),
  'general.images': noEquivalent('one icon set ([general] img_url) serves every alert type'),
  'general.imagesAlt': noEquivalent('one second icon set ([general] img_url_alt) serves every alert type'),
  'general.stickers': noEquivalent('one sticker set ([general] sticker_url) serves every alert type'),
  'general.requestShinyImages': to('general.request_shiny_images', asBoolean),
  'general.populatePokestopName': to('general.populate_stop_name', asBoolean, 'Lookout fills gym and station names too, from [database.scanner]'),
  'general.locale': to('general.locale', asString),
  'general.disabledCommands': to('general.disabled_commands', asStrings),
  'general.disablePokemon': to('general.disable_creature', asBoolean),
  'general.disableRaid': to('general.disable_raid', asBoolean),
  'general.disablePokestop': to('general.disable_stop', asBoolean),
  'general.disableInvasion': to('general.disable_invasion', asBoolean),
  'general.disableLure': to('general.disable_lure', asBoolean),
  'general.disableQuest': to('general.disable_quest', asBoolean),
  'general.disableWeather': to('general.disable_weather', asBoolean),
  'general.disableNest': to('general.disable_nest', asBoolean),
  'general.disableGym': to('general.disable_gym', asBoolean),
  'general.disableFortUpdate': to('general.disable_fort_update', asBoolean),
  'general.disableMaxBattle': to('general.disable_max_battle', asBoolean),
  'general.processConfirmedInvasionLineups': to('general.process_confirmed_invasion_lineups', asBoolean),
  'general.disableUnconfirmedInvasion': to('general.disable_unconfirmed_invasion', asBoolean),
  'general.roleCheckMode': to('general.role_check_mode', asString),
  'general.roleCheckDeletionsAllowed': unsupported('PoracleJS itself ignored it; [general] role_check_mode says what happens'),
  'general.availableLanguages': availableLanguages,
  'general.defaultTemplateName': to('general.default_template_name', asString),
  'general.dtsDictionary': noEquivalent('templates cannot read a custom dictionary; put fixed values in partials (config/partials.json)'),
  'general.shortlinkProvider': to('general.shortlink_provider', asWord),
  'general.shortlinkProviderURL': to('general.shortlink_provider_url', asString),
  'general.shortlinkProviderKey': to('general.shortlink_provider_key', asString),
  'general.shortlinkProviderDomain': to('general.shortlink_provider_domain', asString),
  'general.rdmURL': to('general.rdm_url', asString),
  'general.reactMapURL': to('general.react_map_url', asString),
  'general.rocketMadURL': to('general.rocket_mad_url', asString),
  'general.ignoreMADQuestString': unsupported('MAD is no longer supported'),
  'general.monsterMinimumTimeTillHidden': noEquivalent('[general] alert_minimum_time applies to every alert type'),
  'general.max_pokemon': unsupported('game data comes from the masterfile ([resources] masterfile_url)'),
  'general.webroot': unsupported('Lookout serves no web pages under a root path'),
  'general.logLevel': to('logging.level', asWord),

  // ---- reconciliation
  'reconciliation.discord.updateUserNames': to('reconciliation.discord.update_user_names', asBoolean),
  'reconciliation.discord.removeInvalidUsers': to('reconciliation.discord.remove_invalid_users', asBoolean),
  'reconciliation.discord.registerNewUsers': to('reconciliation.discord.register_new_users', asBoolean),
  'reconciliation.discord.updateChannelNames': to('reconciliation.discord.update_channel_names', asBoolean),
  'reconciliation.discord.updateChannelNotes': to('reconciliation.discord.update_channel_notes', asBoolean),
  'reconciliation.discord.unregisterMissingChannels': to('reconciliation.discord.unregister_missing_channels', asBoolean),
  'reconciliation.telegram.updateUserNames': to('reconciliation.telegram.update_user_names', asBoolean),
  'reconciliation.telegram.removeInvalidUsers': to('reconciliation.telegram.remove_invalid_users', asBoolean),

  // ---- logger → [logging] and [webhookLogging]
  'logger.logLevel': to('logging.level', asWord, 'one level serves the console and the log file'),
  'logger.consoleLogLevel': noEquivalent('one level ([logging] level, taken from logger.logLevel) serves the console and the log file'),
  'logger.enableLogs.webhooks': to('webhookLogging.enabled', asBoolean),
  'logger.enableLogs.discord': noEquivalent('deliveries are logged in the one service log, at the [logging] level'),
  'logger.enableLogs.telegram': noEquivalent('deliveries are logged in the one service log, at the [logging] level'),
  'logger.enableLogs.pvp': noEquivalent('there is no separate PVP log'),
  'logger.timingStats': noEquivalent('timings are exported on /metrics'),
  'logger.dailyLogLimit': to('logging.max_age', asInteger, 'PoracleJS kept one file per day for this many days; Lookout rotates by size ([logging] max_size MB) and deletes rotated files older than this many days'),
  'logger.webhookLogLimit': to('webhookLogging.max_backups', asInteger, 'PoracleJS kept this many hourly webhook logs; Lookout keeps this many rotated files, rotated every [webhookLogging] rotate_interval minutes (60) or at max_size MB'),
  'logger.logSize': noEquivalent('set [logging] max_size (MB before the file is rotated)'),

  // ---- locale
  'locale.timeformat': to('locale.timeformat', asString),
  'locale.time': to('locale.time', asString),
  'locale.date': to('locale.date', asString),
  'locale.addressFormat': to('locale.address_format', asString),
  'locale.language': to('locale.language', asString),

  // ---- geofence
  'geofence.path': geofencePaths,
  'geofence.defaultGeofenceName': to('geofence.default_name', asString),
  'geofence.defaultGeofenceColor': noEquivalent('fence colours are not configurable'),
  'geofence.kojiOptions.bearerToken': to('geofence.remote_source.bearer_token', asString),

  // ---- weather
  'weather.weatherChangeAlert': to('weather.change_alert', asBoolean),
  'weather.showAlteredPokemon': to('weather.show_altered_creatures', asBoolean),
  'weather.showAlteredPokemonStaticMap': to('weather.show_altered_creatures_static_map', asBoolean),
  'weather.showAlteredPokemonMaxCount': to('weather.show_altered_creatures_max_count', asInteger),
  'weather.enableWeatherForecast': to('weather.enable_forecast', asBoolean),
  'weather.apiKeyAccuWeather': to('weather.forecast_api_keys', asStrings),
  'weather.apiKeyDayQuota': to('weather.forecast_day_quota', asInteger),
  'weather.smartForecast': to('weather.smart_forecast', asBoolean),
  'weather.localFirstFetchHOD': to('weather.local_first_fetch_hod', asInteger),
  'weather.forecastRefreshInterval': to('weather.forecast_refresh_interval', asInteger),

  // ---- pvp
  'pvp.dataSource': (value, key) =>
    value === 'webhook'
      ? { placements: [], notes: [] }
      : noEquivalent('Lookout reads the PVP ranks the scanner puts in the webhook (PoracleJS "webhook"); it has no rank calculator of its own')(value, key),
  'pvp.levelCaps': to('pvp.level_caps', asIntegers),
  'pvp.includeMegaEvolution': to('pvp.include_mega_evolution', asBoolean),
  'pvp.littleLeagueCanEvolve': noEquivalent('little league ranks are the ones the webhook carries'),
  'pvp.pvpEvolutionDirectTracking': to('pvp.evolution_direct_tracking', asBoolean),
  'pvp.filterByTrack': to('pvp.filter_by_track', asBoolean),
  'pvp.pvpDisplayMaxRank': to('pvp.display_max_rank', asInteger),
  'pvp.pvpDisplayGreatMinCP': to('pvp.display_great_min_cp', asInteger),
  'pvp.pvpDisplayUltraMinCP': to('pvp.display_ultra_min_cp', asInteger),
  'pvp.pvpDisplayLittleMinCP': to('pvp.display_little_min_cp', asInteger),
  'pvp.pvpFilterMaxRank': to('pvp.filter_max_rank', asInteger),
  'pvp.pvpFilterGreatMinCP': to('pvp.filter_great_min_cp', asInteger),
  'pvp.pvpFilterUltraMinCP': to('pvp.filter_ultra_min_cp', asInteger),
  'pvp.pvpFilterLittleMinCP': to('pvp.filter_little_min_cp', asInteger),
  'pvp.pvpQueryMaxRank': noEquivalent('[pvp] filter_max_rank bounds the ranks a track command may ask for'),
  'pvp.forceMinCp': unsupported('not configurable'),
  'pvp.cacheStrategy': unsupported('not configurable'),

  // ---- tracking
  'tracking.everythingFlagPermissions': to('tracking.everything_flag_permissions', asWord),
  'tracking.defaultDistance': to('tracking.default_distance', asInteger),
  'tracking.maxDistance': to('tracking.max_distance', asInteger),
  'tracking.enableGymBattle': to('tracking.enable_gym_battle', asBoolean),
  'tracking.defaultUserTrackingLevelCap': to('tracking.default_user_tracking_level_cap', asInteger),
  'tracking.disableEverythingTracking': unsupported('PoracleJS itself ignored it; [tracking] everything_flag_permissions replaces it'),
  'tracking.forceEverythingSeparately': unsupported('PoracleJS itself ignored it; [tracking] everything_flag_permissions replaces it'),

  // ---- stats
  'stats.minSampleSize': to('stats.min_sample_size', asInteger),
  'stats.pokemonCountToKeep': to('stats.window_hours', asInteger),
  'stats.rarityRefreshInterval': to('stats.refresh_interval_mins', asInteger),
  'stats.rarityGroup2Uncommon': to('stats.rarity_group_2_uncommon', asNumber),
  'stats.rarityGroup3Rare': to('stats.rarity_group_3_rare', asNumber),
  'stats.rarityGroup4VeryRare': to('stats.rarity_group_4_very_rare', asNumber),
  'stats.rarityGroup5UltraRare': to('stats.rarity_group_5_ultra_rare', asNumber),
  'stats.maxPokemonId': noEquivalent('the creatures counted are those the scanner sends'),
  'stats.excludeFromRare': noEquivalent('no creature is excluded from the rarity groups'),

  // ---- discord
  'discord.enabled': to('discord.enabled', asBoolean),
  'discord.token': to('discord.token', asStrings),
  'discord.guilds': to('discord.guilds', asStrings),
  'discord.channels': to('discord.channels', asStrings),
  'discord.userRole': to('discord.user_role', asStrings),
  'discord.admins': to('discord.admins', asStrings),
  'discord.prefix': to('discord.prefix', asString),
  'discord.checkRole': to('discord.check_role', asBoolean),
  'discord.checkRoleInterval': to('discord.check_role_interval', asInteger),
  'discord.lostRoleMessage': to('discord.lost_role_message', asString),
  'discord.commandSecurity': to('discord.command_security', asLists),
  'discord.delegatedAdministration': delegatedAdministration('discord'),
  'discord.userRoleSubscription': userRoleSubscription,
  'discord.activity': unsupported(BOT_PRESENCE),
  'discord.workerStatus': unsupported(BOT_PRESENCE),
  'discord.workerActivity': unsupported(BOT_PRESENCE),
  'discord.disableAutoGreetings': unsupported('greetings are sent on registration (the greeting template)'),
  'discord.uploadEmbedImages': unsupported('images are not uploaded to Discord'),
  'discord.ivColors': noEquivalent('colours are chosen in the templates'),
  'discord.dmLogChannelID': unsupported('commands are not copied to a log channel'),
  'discord.dmLogChannelDeletionTime': unsupported('commands are not copied to a log channel'),
  'discord.messageDeleteDelay': unsupported('not configurable'),
  'discord.unrecognisedCommandMessage': unsupported(PLATFORM_REPLY),
  'discord.unregisteredUserMessage': unsupported(PLATFORM_REPLY),
  'discord.limitAmount': noEquivalent('[alert_limits] replaces the old per-second limits'),
  'discord.limitSec': noEquivalent('[alert_limits] replaces the old per-second limits'),

  // ---- telegram
  'telegram.enabled': to('telegram.enabled', asBoolean),
  'telegram.token': to('telegram.token', asString),
  'telegram.admins': to('telegram.admins', asStrings),
  'telegram.channels': to('telegram.channels', asStrings),
  'telegram.delegatedAdministration': delegatedAdministration('telegram'),
  'telegram.botGoodbyeMessage': to('telegram.bot_goodbye_message', asString),
  'telegram.checkRole': to('telegram.check_role', asBoolean),
  'telegram.checkRoleInterval': to('telegram.check_role_interval', asInteger),
  'telegram.groupWelcomeText': unsupported(PLATFORM_REPLY),
  'telegram.botWelcomeText': unsupported(`${PLATFORM_REPLY} and the greeting template`),
  'telegram.unregisteredUserMessage': unsupported(PLATFORM_REPLY),
  'telegram.unrecognisedCommandMessage': unsupported(PLATFORM_REPLY),
  'telegram.registerOnStart': unsupported('users register with the service command in a registration group'),
  'telegram.disableAutoGreetings': unsupported('greetings are sent on registration (the greeting template)'),
  'telegram.channelToken': unsupported('one bot token sends everything'),
  'telegram.channel': unsupported('PoracleJS itself no longer read it; [telegram] channels are the registration groups'),

  // ---- alertLimits → [alert_limits]
  'alertLimits.timingPeriod': to('alert_limits.timing_period', asInteger),
  'alertLimits.dmLimit': to('alert_limits.dm_limit', asInteger),
  'alertLimits.channelLimit': to('alert_limits.channel_limit', asInteger),
  'alertLimits.maxLimitsBeforeStop': to('alert_limits.max_limits_before_stop', asInteger),
  'alertLimits.disableOnStop': to('alert_limits.disable_on_stop', asBoolean),
  'alertLimits.shameChannel': to('alert_limits.shame_channel', asString),
  'alertLimits.limitOverride': limitOverride,

  // ---- areaSecurity → [area_security]
  'areaSecurity.enabled': to('area_security.enabled', asBoolean),
  'areaSecurity.strictLocations': to('area_security.strict_locations', asBoolean),
  'areaSecurity.communities': communities,

  // ---- geocoding
  'geocoding.provider': to('geocoding.provider', asWord),
  'geocoding.providerURL': to('geocoding.provider_url', asString),
  'geocoding.forwardOnly': to('geocoding.forward_only', asBoolean),
  'geocoding.cacheDetail': to('geocoding.cache_detail', asInteger),
  'geocoding.staticProvider': to('geocoding.static_provider', asWord),
  'geocoding.staticProviderURL': to('geocoding.static_provider_url', asString),
  'geocoding.geocodingKey': to('geocoding.geocoding_key', asStrings),
  'geocoding.staticKey': to('geocoding.static_key', asStrings),
  'geocoding.width': to('geocoding.width', asInteger),
  'geocoding.height': to('geocoding.height', asInteger),
  'geocoding.zoom': to('geocoding.zoom', asInteger),
  'geocoding.tileserverSettings': tileserverSettings,
  'geocoding.dayStyle': noEquivalent('map styles are chosen in the tile server templates'),
  'geocoding.dawnStyle': noEquivalent('map styles are chosen in the tile server templates'),
  'geocoding.duskStyle': noEquivalent('map styles are chosen in the tile server templates'),
  'geocoding.nightStyle': noEquivalent('map styles are chosen in the tile server templates'),
  'geocoding.intersectionUsers': unsupported('street intersections (GeoNames) are not looked up'),
  'geocoding.spriteHeight': noEquivalent('sprite sizes are the static map provider\'s'),
  'geocoding.spriteWidth': noEquivalent('sprite sizes are the static map provider\'s'),
  'geocoding.scale': noEquivalent('the static map scale is the provider\'s default'),
  'geocoding.type': noEquivalent('the map type is the static map provider\'s default'),
  'geocoding.staticMapType': noEquivalent('the map type is the static map provider\'s default'),

  // ---- fallbacks (imgUrlPokestop and pokestopUrl are the loader's legacy spellings of img_url_stop and stop_url)
  'fallbacks.staticMap': to('fallbacks.static_map', asString),
  'fallbacks.imgUrl': to('fallbacks.img_url', asString),
  'fallbacks.imgUrlWeather': to('fallbacks.img_url_weather', asString),
  'fallbacks.imgUrlEgg': to('fallbacks.img_url_egg', asString),
  'fallbacks.imgUrlGym': to('fallbacks.img_url_gym', asString),
  'fallbacks.imgUrlPokestop': to('fallbacks.img_url_pokestop', asString),
  'fallbacks.pokestopUrl': to('fallbacks.pokestop_url', asString),

  // ---- tuning
  'tuning.maxDatabaseConnections': to('tuning.max_database_connections', asInteger, 'PoracleJS allowed this many per worker thread; Lookout is one process with one pool'),
  'tuning.webhookProcessingWorkers': noEquivalent(THREADS),
  'tuning.concurrentWebhookProcessorsPerWorker': noEquivalent(THREADS),
  'tuning.concurrentDiscordDestinationsPerBot': to('tuning.concurrent_discord_destinations', asInteger, 'PoracleJS counted per bot; Lookout counts every Discord send together'),
  'tuning.concurrentTelegramDestinationsPerBot': to('tuning.concurrent_telegram_destinations', asInteger, 'PoracleJS counted per bot; Lookout counts every Telegram send together'),
  'tuning.concurrentDiscordWebhookConnections': to('tuning.concurrent_discord_webhooks', asInteger),
  'tuning.fastMonsters': unsupported('there is no separate fast path for creatures'),
  'tuning.debugFastMonsters': unsupported('there is no separate fast path for creatures'),
  'tuning.discordTimeout': noEquivalent('request timeouts have no key'),
  'tuning.geocodingTimeout': noEquivalent('request timeouts have no key'),
  'tuning.tileserverTimeout': noEquivalent('request timeouts have no key'),
};
