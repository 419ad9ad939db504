/**
 * The shape of config/config.toml, one interface per section. Keys are spelled exactly as in the file
 * (snake_case; `webhookLogging` keeps the spec's camelCase section name). Everything is read-only:
 * the loaded Config is deeply frozen.
 */
import type { LogFormat } from '../log/pretty.ts';
import type {
  ConfigLogLevel,
  DatabaseClient,
  EverythingFlagPermission,
  GeocodingProvider,
  RoleCheckMode,
  ScannerType,
  ShortlinkProvider,
  StaticProvider,
  ValidationFailMode,
} from './enums.ts';
import type {
  AlertLimitsConfig,
  AreaSecurityConfig,
  AutocreateConfig,
  DiscordConfig,
  ReconciliationConfig,
  TelegramConfig,
} from './platform-types.ts';

export type * from './platform-types.ts';

export interface ProcessorConfig {
  readonly host: string;
  readonly port: number;
  readonly ip_whitelist: readonly string[];
  readonly ip_blacklist: readonly string[];
  /** proxies (addresses or CIDR blocks) whose X-Forwarded-For gives the client address; empty = none */
  readonly trust_proxy: readonly string[];
  readonly api_secret: string;
}

export interface ScannerDatabaseConfig {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly type: ScannerType;
}

export interface DatabaseConfig {
  readonly client: DatabaseClient;
  /** SQLite file, relative to the repo root */
  readonly filename: string;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly scanner: ScannerDatabaseConfig;
}

export interface GeofenceConfig {
  readonly paths: readonly string[];
  readonly default_name: string;
  readonly remote_source: { readonly bearer_token: string; readonly cache_dir: string };
}

export interface LocaleConfig {
  readonly timeformat: string;
  readonly time: string;
  readonly date: string;
  readonly address_format: string;
  readonly language: string;
}

/**
 * Translated command words of one language (`[general.available_languages.<lang>]`): `service` and `help` are
 * required; any other key names a command (its canonical English word, e.g. `track`) and its value is the word
 * users of that language type for it.
 */
export interface LanguageWords {
  readonly service: string;
  readonly help: string;
  readonly [command: string]: string;
}

export interface GeneralConfig {
  readonly environment: string;
  readonly alert_minimum_time: number;
  readonly img_url: string;
  readonly img_url_alt: string;
  readonly sticker_url: string;
  readonly request_shiny_images: boolean;
  readonly populate_stop_name: boolean;
  readonly locale: string;
  readonly default_template_name: string;
  readonly shortlink_provider: ShortlinkProvider;
  readonly shortlink_provider_url: string;
  readonly shortlink_provider_key: string;
  readonly shortlink_provider_domain: string;
  readonly scanner_map_url_a: string;
  readonly scanner_map_url_b: string;
  readonly scanner_map_url_c: string;
  /** scanner map sites the previous generations linked to (`rdmUrl`, `reactMapUrl`, `rocketMadUrl`, `diademUrl`) */
  readonly rdm_url: string;
  readonly react_map_url: string;
  readonly rocket_mad_url: string;
  readonly diadem_url: string;
  readonly role_check_mode: RoleCheckMode;
  /** command words that may not be used */
  readonly disabled_commands: readonly string[];
  readonly available_languages: Readonly<Record<string, LanguageWords>>;
  /** deliveries are held (queued, not sent) from the start until POST /api/maintenance ends the pause */
  readonly maintenance: boolean;
}

export interface GeocodingConfig {
  readonly provider: GeocodingProvider;
  readonly provider_url: string;
  readonly forward_only: boolean;
  readonly cache_detail: number;
  readonly static_provider: StaticProvider;
  readonly static_provider_url: string;
  readonly geocoding_key: readonly string[];
  readonly static_key: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly zoom: number;
  /** tileservercache: send the stops and gyms of the map's frame (from the scanner database) as `nearbyStops` */
  readonly include_stops: boolean;
}

export interface TrackingConfig {
  readonly everything_flag_permissions: EverythingFlagPermission;
  readonly default_distance: number;
  readonly max_distance: number;
  readonly default_user_tracking_level_cap: number;
  /** later alerts about the same thing (egg → raid → RSVP updates) are sent as replies to the recipient's earlier one */
  readonly reply_chains: boolean;
}

export interface StatsConfig {
  readonly min_sample_size: number;
  readonly window_hours: number;
  readonly refresh_interval_mins: number;
  readonly rarity_group_2_uncommon: number;
  readonly rarity_group_3_rare: number;
  readonly rarity_group_4_very_rare: number;
  readonly rarity_group_5_ultra_rare: number;
}

/**
 * Pictures used where the normal source has none: `static_map` when no static map can be made; the others when the
 * [general] img_url icon set cannot show the alert's picture (no set configured, or its index lacks the picture),
 * each for its kind of picture; `stop_url` for a stop alert whose webhook carries no photo of the stop. Empty = none.
 */
export interface FallbacksConfig {
  readonly static_map: string;
  /** creatures, raid bosses, quest rewards */
  readonly img_url: string;
  readonly img_url_weather: string;
  readonly img_url_egg: string;
  readonly img_url_gym: string;
  /** stops: lures, invasions, stop updates */
  readonly img_url_stop: string;
  /** the stop photo variables (`stopUrl`…) of lure, invasion and quest alerts */
  readonly stop_url: string;
}

/** Rotation settings shared by [logging] and [webhookLogging]. */
interface RotationConfig {
  readonly filename: string;
  readonly max_size: number;
  readonly max_age: number;
  readonly max_backups: number;
  readonly compress: boolean;
}

export interface LoggingConfig extends RotationConfig {
  readonly level: ConfigLogLevel;
  /** stdout: `auto` (readable on a terminal, JSON otherwise), `json` or `pretty`; the file is always JSON */
  readonly format: LogFormat;
  readonly file_logging_enabled: boolean;
}

export interface WebhookLoggingConfig extends RotationConfig {
  readonly enabled: boolean;
  /** minutes; 0 = size-based rotation only */
  readonly rotate_interval: number;
}

export interface TuningConfig {
  readonly reload_interval_secs: number;
  readonly encounter_cache_ttl: number;
  readonly worker_pool_size: number;
  readonly batch_size: number;
  readonly flush_interval_millis: number;
  readonly max_database_connections: number;
  readonly concurrent_matched_processors: number;
  readonly matched_max_queue_size: number;
  /** how far the heap may grow past its live size before a full collection, percent; 0 = V8's own (core/heap-growth.ts) */
  readonly heap_growing_percent: number;
  /** seconds a stop waits for queued alerts to be delivered; what is left stays in the journal for the next start */
  readonly stop_grace_secs: number;
  /** seconds one POST / may wait for room in a full intake queue before its remaining items are refused (503) */
  readonly intake_wait_secs: number;
  /** the most sent alert messages remembered for edits in place and reply chains (core/delivery/sent-messages.ts) */
  readonly sent_message_memory: number;
  /** [validation]: the longest one validation call may take, milliseconds */
  readonly validation_timeout_ms: number;
  /** [validation]: validation calls in flight at once for one event */
  readonly validation_max_concurrent: number;
}

/** [validation]: an outside service allows or denies each matched recipient before enrichment (core/validation). */
export interface ValidationConfig {
  /** where each matched recipient is POSTed; empty = no validation */
  readonly url: string;
  /** `open`: a failed call allows the recipient; `closed`: it denies them */
  readonly fail_mode: ValidationFailMode;
}

/** [explain]: recent events kept to answer "why didn't I get this alert?" (core/explain, docs/explain.md). */
export interface ExplainConfig {
  /** events kept per alert type (plugin), newest win; 0 = keep none (the explain API and `why` answer that nothing is kept) */
  readonly events_per_type: number;
  /** events older than this are forgotten, minutes */
  readonly max_age_minutes: number;
  /** "events near me": within this many metres of the human's location, or inside one of the human's areas */
  readonly near_metres: number;
}

/** [journal]: accepted webhooks and API messages kept durably until every alert from them is delivered. */
export interface JournalConfig {
  readonly enabled: boolean;
}

export interface ResourcesConfig {
  readonly masterfile_url: string;
  readonly invasions_url: string;
  /** the game-events feed (ScrapedDuck events.json): spawn-changing events a monster alert mentions */
  readonly events_url: string;
  /** hours between downloads of the game data whose sources ask for it (the events feed); 0 = only at start */
  readonly refresh_hours: number;
  /** base URL holding `<lang>.json` and `index.json` */
  readonly locales_url: string;
}

export interface Config {
  readonly processor: ProcessorConfig;
  readonly database: DatabaseConfig;
  readonly geofence: GeofenceConfig;
  readonly area_security: AreaSecurityConfig;
  readonly locale: LocaleConfig;
  readonly general: GeneralConfig;
  readonly geocoding: GeocodingConfig;
  readonly tracking: TrackingConfig;
  readonly reconciliation: ReconciliationConfig;
  readonly stats: StatsConfig;
  readonly fallbacks: FallbacksConfig;
  readonly logging: LoggingConfig;
  readonly webhookLogging: WebhookLoggingConfig;
  readonly discord: DiscordConfig;
  readonly telegram: TelegramConfig;
  readonly autocreate: AutocreateConfig;
  readonly alert_limits: AlertLimitsConfig;
  readonly tuning: TuningConfig;
  readonly journal: JournalConfig;
  readonly validation: ValidationConfig;
  readonly explain: ExplainConfig;
  readonly resources: ResourcesConfig;
}

/** What loading returns: the frozen config and the non-fatal findings (unknown keys and the like). */
export interface LoadedConfig {
  readonly config: Config;
  readonly warnings: string[];
}

type Leaf = string | number | boolean | readonly unknown[];
type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** Every dotted key of a section tree, e.g. `database.scanner.type`; rule tables are keyed by it. */
export type KeyPath<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends Leaf ? Join<P, K> : Join<P, K> | KeyPath<T[K], Join<P, K>>;
}[keyof T & string];

export type ConfigPath = KeyPath<Config>;
