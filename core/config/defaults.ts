/**
 * The default of every key, exactly as the spec gives it. A config file only needs the keys it changes.
 * Also the template the validator walks: a key absent here is unknown.
 */
import { deepFreeze } from './freeze.ts';
import type { Config } from './types.ts';

const FALLBACK_IMAGES = 'https://raw.githubusercontent.com/KartulUdus/PoracleJS/images/fallback';

const DEFAULTS: Config = deepFreeze<Config>({
  processor: { host: '0.0.0.0', port: 3030, ip_whitelist: [], ip_blacklist: [], trust_proxy: [], api_secret: '' },
  database: {
    client: 'mysql',
    filename: 'config/lookout.sqlite',
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    database: 'lookout',
    scanner: { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'scanner', type: 'golbat' },
  },
  geofence: {
    paths: ['geofences/geofence.json'],
    default_name: 'city',
    remote_source: { bearer_token: '', cache_dir: '.cache/geofences' },
  },
  area_security: { enabled: false, strict_locations: false, communities: [] },
  locale: {
    timeformat: 'en-gb',
    time: 'LTS',
    date: 'L',
    address_format: '{{{streetName}}} {{streetNumber}}',
    language: 'en',
  },
  general: {
    environment: 'production',
    alert_minimum_time: 120,
    img_url: 'https://raw.githubusercontent.com/nileplumb/PkmnShuffleMap/master/UICONS',
    img_url_alt: '',
    sticker_url: 'https://raw.githubusercontent.com/bbdoc/tgUICONS/main/Shuffle',
    request_shiny_images: false,
    populate_stop_name: false,
    locale: 'en',
    default_template_name: '1',
    shortlink_provider: 'hideuri',
    shortlink_provider_url: '',
    shortlink_provider_key: '',
    shortlink_provider_domain: '',
    scanner_map_url_a: '',
    scanner_map_url_b: '',
    scanner_map_url_c: '',
    role_check_mode: 'ignore',
    disabled_commands: [],
    available_languages: {},
  },
  geocoding: {
    provider: 'none',
    provider_url: '',
    forward_only: false,
    cache_detail: 3,
    static_provider: 'none',
    static_provider_url: '',
    geocoding_key: [],
    static_key: [],
    width: 320,
    height: 200,
    zoom: 15,
  },
  tracking: {
    everything_flag_permissions: 'allow-any',
    default_distance: 0,
    max_distance: 0,
    default_user_tracking_level_cap: 0,
  },
  reconciliation: {
    discord: {
      update_user_names: false,
      remove_invalid_users: true,
      register_new_users: false,
      update_channel_names: true,
      update_channel_notes: false,
      unregister_missing_channels: false,
    },
    telegram: { update_user_names: false, remove_invalid_users: true },
  },
  stats: {
    min_sample_size: 10000,
    window_hours: 8,
    refresh_interval_mins: 5,
    rarity_group_2_uncommon: 1.0,
    rarity_group_3_rare: 0.5,
    rarity_group_4_very_rare: 0.03,
    rarity_group_5_ultra_rare: 0.01,
  },
  fallbacks: {
    static_map: `${FALLBACK_IMAGES}/staticMap.png`,
  },
  logging: {
    level: 'verbose',
    file_logging_enabled: true,
    filename: 'logs/processor.log',
    max_size: 50,
    max_age: 7,
    max_backups: 5,
    compress: true,
  },
  webhookLogging: {
    enabled: false,
    filename: 'logs/webhooks.log',
    max_size: 100,
    max_age: 1,
    max_backups: 12,
    compress: true,
    rotate_interval: 60,
  },
  discord: {
    enabled: false,
    token: [],
    prefix: '!',
    admins: [],
    guilds: [],
    channels: [],
    thread_keep_alive_interval_hours: 24,
    api_url: 'https://discord.com/api',
    command_security: {},
    role_subscriptions: [],
  },
  telegram: { enabled: false, token: '', admins: [], channels: [], api_root: 'https://api.telegram.org', command_security: {} },
  autocreate: { removal_safety_max_percent: 20, rules: [] },
  alert_limits: {
    timing_period: 240,
    dm_limit: 20,
    channel_limit: 40,
    max_limits_before_stop: 10,
    disable_on_stop: false,
    shame_channel: '',
    overrides: [],
  },
  tuning: {
    reload_interval_secs: 60,
    encounter_cache_ttl: 3600,
    worker_pool_size: 4,
    batch_size: 50,
    flush_interval_millis: 100,
    max_database_connections: 15,
    concurrent_matched_processors: 10,
    matched_max_queue_size: 5000,
    heap_growing_percent: 35,
    stop_grace_secs: 30,
    intake_wait_secs: 5,
  },
  journal: { enabled: true },
  resources: {
    masterfile_url: 'https://raw.githubusercontent.com/WatWowMap/Masterfile-Generator/master/master-latest-poracle.json',
    invasions_url: 'https://raw.githubusercontent.com/WatWowMap/event-info/main/grunts/classic.json',
    locales_url: 'https://raw.githubusercontent.com/WatWowMap/pogo-translations/master/static/locales',
  },
});

/** The configuration an empty file gives: every default, deeply frozen. */
export function defaultConfig(): Config {
  return DEFAULTS;
}
