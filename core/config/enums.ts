/**
 * Closed value lists of the configuration, with the spec's neutral spellings as aliases.
 * Types derive from the lists, so a value outside them does not compile.
 */

export const DATABASE_CLIENTS = ['mysql', 'sqlite'] as const;
export type DatabaseClient = (typeof DATABASE_CLIENTS)[number];

export const SCANNER_TYPES = ['golbat', 'rdm'] as const;
export type ScannerType = (typeof SCANNER_TYPES)[number];
export const SCANNER_TYPE_ALIASES = { scanner_a: 'golbat', scanner_b: 'rdm' } as const satisfies Record<string, ScannerType>;

/**
 * The spec's neutral names of the chat platforms → the platform each stands for. They may head a human's type
 * (`chat_b:user` = `telegram:user`); see core/human-type.ts. (A template's platform aliases are declared by the
 * platform plugins: `templatePlatformAliases`, core/dts/platforms.ts.)
 */
export const PLATFORM_NAME_ALIASES = { chat_a: 'discord', chat_b: 'telegram' } as const;

export const GEOCODING_PROVIDERS = ['none', 'nominatim', 'google'] as const;
export type GeocodingProvider = (typeof GEOCODING_PROVIDERS)[number];
export const GEOCODING_PROVIDER_ALIASES = {
  open_provider: 'nominatim',
  commercial_provider: 'google',
} as const satisfies Record<string, GeocodingProvider>;

export const STATIC_PROVIDERS = ['none', 'tileservercache', 'google', 'osm', 'mapbox'] as const;
export type StaticProvider = (typeof STATIC_PROVIDERS)[number];
export const STATIC_PROVIDER_ALIASES = {
  tile_cache_server: 'tileservercache',
  commercial_a: 'google',
  open_map: 'osm',
  commercial_b: 'mapbox',
} as const satisfies Record<string, StaticProvider>;

export const SHORTLINK_PROVIDERS = ['hideuri', 'shlink', 'yourls'] as const;
export type ShortlinkProvider = (typeof SHORTLINK_PROVIDERS)[number];
export const SHORTLINK_PROVIDER_ALIASES = {
  provider_a: 'hideuri',
  provider_b: 'shlink',
  provider_c: 'yourls',
} as const satisfies Record<string, ShortlinkProvider>;

export const ROLE_CHECK_MODES = ['ignore', 'delete', 'disable-user'] as const;
export type RoleCheckMode = (typeof ROLE_CHECK_MODES)[number];

export const EVERYTHING_FLAG_PERMISSIONS = [
  'allow-any',
  'allow-and-always-individually',
  'allow-and-ignore-individually',
  'deny',
] as const;
export type EverythingFlagPermission = (typeof EVERYTHING_FLAG_PERMISSIONS)[number];

export const CONFIG_LOG_LEVELS = ['silly', 'debug', 'verbose', 'info', 'warn'] as const;
export type ConfigLogLevel = (typeof CONFIG_LOG_LEVELS)[number];

/** [validation] fail_mode: what an unanswered, failed or unreadable validation call means for the recipient */
export const VALIDATION_FAIL_MODES = ['open', 'closed'] as const;
export type ValidationFailMode = (typeof VALIDATION_FAIL_MODES)[number];
