/**
 * What each key accepts. Most keys need no entry: a string, boolean or non-negative integer default
 * says it all (see inferRule). Entries exist only for ports, ranges, enums, decimals and tables.
 * Rule keys are typed dotted paths, so a misspelt key does not compile.
 */
import { defaultConfig } from './defaults.ts';
import {
  CONFIG_LOG_LEVELS,
  DATABASE_CLIENTS,
  EVERYTHING_FLAG_PERMISSIONS,
  GEOCODING_PROVIDER_ALIASES,
  GEOCODING_PROVIDERS,
  ROLE_CHECK_MODES,
  SCANNER_TYPE_ALIASES,
  SCANNER_TYPES,
  SHORTLINK_PROVIDER_ALIASES,
  SHORTLINK_PROVIDERS,
  STATIC_PROVIDER_ALIASES,
  STATIC_PROVIDERS,
  VALIDATION_FAIL_MODES,
} from './enums.ts';
import { IP_ENTRY_TEXT, isIpEntry } from './ip-entry.ts';
import type { AlertLimitOverride, AutocreateRule, CommunityConfig, DelegatedAdmins, RoleSubscription, Config, ConfigPath, KeyPath, LanguageWords } from './types.ts';

/** A check every item of a `strings` list must pass, and how messages say what it expects. */
export interface ItemCheck {
  readonly test: (item: string) => boolean;
  readonly text: string;
}

export type KeyRule =
  /** `whitespaceBlank`: a value of only whitespace reads as '' with a warning saying what blank means (the text) */
  | { readonly kind: 'string'; readonly pattern?: RegExp; readonly patternText?: string; readonly whitespaceBlank?: string }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'integer' | 'number'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly aliases?: Readonly<Record<string, string>> }
  | { readonly kind: 'strings'; readonly wrapSingle?: boolean; readonly minItems?: number; readonly item?: ItemCheck }
  | { readonly kind: 'integers'; readonly min?: number; readonly max?: number; readonly minItems?: number }
  /** a table of same-shaped tables keyed by a free name, e.g. `[general.available_languages.de]` */
  | { readonly kind: 'record'; readonly entry: TableSpec }
  /** a table of string lists under free names, e.g. `[discord.command_security]` (`monster = ["id", …]`) */
  | { readonly kind: 'lists' }
  /** a table of strings under free names, e.g. a role subscription's `roles = { alerts = "id" }` */
  | { readonly kind: 'names' }
  /** an array of tables, e.g. `[[autocreate.rules]]`; `unique` names a key no two entries may share */
  | { readonly kind: 'tables'; readonly entry: TableSpec; readonly unique?: string };

/**
 * The keys of one table: their defaults, the rules that differ from the inferred ones, the required keys, and
 * (for an entry of a `record` or `tables` rule) the rule of keys the defaults do not list — without it such
 * keys are warned about and ignored.
 */
export interface TableSpec {
  readonly defaults: object;
  readonly rules: Readonly<Partial<Record<string, KeyRule>>>;
  readonly required: readonly string[];
  readonly extraKeys?: KeyRule;
}

type Rules<T> = { readonly [P in KeyPath<T>]?: KeyRule };

function tableSpec<T extends object>(defaults: T, rules: Rules<T>, required: readonly (keyof T & string)[] = [], extraKeys?: KeyRule): TableSpec {
  return extraKeys ? { defaults, rules, required, extraKeys } : { defaults, rules, required };
}

/** One rule for several keys of the file. */
function each(paths: readonly ConfigPath[], rule: KeyRule): Rules<Config> {
  return Object.fromEntries(paths.map((p) => [p, rule]));
}

const PORT: KeyRule = { kind: 'integer', min: 1, max: 65535 };
const POSITIVE: KeyRule = { kind: 'integer', min: 1 };
const PERCENT: KeyRule = { kind: 'number', min: 0, max: 100 };
const WORD: KeyRule = { kind: 'string', pattern: /^\S+$/, patternText: 'non-empty, without spaces' };
const NON_EMPTY: KeyRule = { kind: 'string', pattern: /\S/, patternText: 'non-empty' };
/** address lists: each entry an IPv4/IPv6 address or CIDR block */
const ADDRESSES: KeyRule = { kind: 'strings', item: { test: isIpEntry, text: IP_ENTRY_TEXT } };

/** The rule a key gets from its default alone; null means the default is a sub-table. */
export function inferRule(value: unknown): KeyRule | null {
  if (typeof value === 'string') return { kind: 'string' };
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'number') return { kind: 'integer', min: 0 };
  if (Array.isArray(value)) return typeof value[0] === 'number' ? { kind: 'integers', min: 0 } : { kind: 'strings' };
  return null;
}

const autocreateRule = tableSpec<AutocreateRule>(
  { name: '', guild: '', template: '', filter: '', params: [], remove_missing: false },
  {
    name: WORD,
    guild: { kind: 'string', pattern: /^\d+$/, patternText: 'a guild id of digits, written as a string' },
    template: WORD,
    params: { kind: 'strings', minItems: 1 },
  },
  ['name', 'guild', 'template', 'params'],
);

const community = tableSpec<CommunityConfig>(
  { name: '', allowed_areas: [], location_fence: [], discord: { channels: [], user_role: [] }, telegram: { channels: [] } },
  { name: NON_EMPTY },
  ['name'],
);

const roleSubscription = tableSpec<RoleSubscription>(
  { guild: '', roles: {}, exclusive_roles: [] },
  {
    guild: { kind: 'string', pattern: /^\d+$/, patternText: 'a guild id of digits, written as a string' },
    roles: { kind: 'names' },
    exclusive_roles: { kind: 'tables', entry: tableSpec<Record<string, string>>({}, {}, [], { kind: 'string', pattern: /^\d+$/, patternText: 'a role id of digits' }) },
  },
  ['guild'],
);

const delegation = tableSpec<DelegatedAdmins>({ target: '', admins: [] }, { target: NON_EMPTY, admins: { kind: 'strings', minItems: 1 } }, ['target', 'admins']);

const limitOverride = tableSpec<AlertLimitOverride>({ target: '', limit: 0 }, { target: NON_EMPTY }, ['target', 'limit']);

/** `service` and `help` are required; every other key is a command name whose value is its translated word. */
const languageWords = tableSpec<LanguageWords>({ service: '', help: '' }, { service: WORD, help: WORD }, ['service', 'help'], WORD);

/** The whole file: every section and key with its default, and the rules that are not inferred. */
export const CONFIG_SPEC: TableSpec = tableSpec<Config>(defaultConfig(), {
  // 0 lets the OS pick a free listening port (used by tests); database ports must be real ones.
  'processor.port': { kind: 'integer', min: 0, max: 65535 },
  ...each(['processor.ip_whitelist', 'processor.ip_blacklist', 'processor.trust_proxy'], ADDRESSES),
  // nobody can send a secret of spaces: such a secret leaves the API disabled, as a blank one does
  'processor.api_secret': { kind: 'string', whitespaceBlank: 'the authenticated API is disabled' },
  ...each(['database.port', 'database.scanner.port'], PORT),
  'database.client': { kind: 'enum', values: DATABASE_CLIENTS },
  'database.scanner.type': { kind: 'enum', values: SCANNER_TYPES, aliases: SCANNER_TYPE_ALIASES },
  'general.shortlink_provider': { kind: 'enum', values: SHORTLINK_PROVIDERS, aliases: SHORTLINK_PROVIDER_ALIASES },
  'general.role_check_mode': { kind: 'enum', values: ROLE_CHECK_MODES },
  'general.available_languages': { kind: 'record', entry: languageWords },
  'geocoding.provider': { kind: 'enum', values: GEOCODING_PROVIDERS, aliases: GEOCODING_PROVIDER_ALIASES },
  'geocoding.static_provider': { kind: 'enum', values: STATIC_PROVIDERS, aliases: STATIC_PROVIDER_ALIASES },
  'geocoding.cache_detail': { kind: 'integer', min: 0, max: 10 },
  ...each(['geocoding.width', 'geocoding.height'], POSITIVE),
  'geocoding.zoom': { kind: 'integer', min: 0, max: 22 },
  'tracking.everything_flag_permissions': { kind: 'enum', values: EVERYTHING_FLAG_PERMISSIONS },
  ...each(
    ['stats.rarity_group_2_uncommon', 'stats.rarity_group_3_rare', 'stats.rarity_group_4_very_rare', 'stats.rarity_group_5_ultra_rare'],
    PERCENT,
  ),
  ...each(['stats.window_hours', 'stats.refresh_interval_mins'], POSITIVE),
  'logging.level': { kind: 'enum', values: CONFIG_LOG_LEVELS },
  'logging.format': { kind: 'enum', values: ['auto', 'json', 'pretty'] },
  ...each(['discord.token', 'telegram.token'], { kind: 'strings', wrapSingle: true }),
  'discord.thread_keep_alive_interval_hours': { kind: 'integer', min: 1, max: 168 },
  'autocreate.removal_safety_max_percent': PERCENT,
  'autocreate.rules': { kind: 'tables', entry: autocreateRule, unique: 'name' },
  'area_security.communities': { kind: 'tables', entry: community, unique: 'name' },
  'discord.command_security': { kind: 'lists' },
  'discord.role_subscriptions': { kind: 'tables', entry: roleSubscription, unique: 'guild' },
  'discord.delegated_admins': { kind: 'tables', entry: delegation },
  'discord.webhook_admins': { kind: 'tables', entry: delegation },
  'telegram.delegated_admins': { kind: 'tables', entry: delegation },
  'telegram.command_security': { kind: 'lists' },
  'alert_limits.timing_period': POSITIVE,
  'alert_limits.overrides': { kind: 'tables', entry: limitOverride, unique: 'target' },
  ...each(
    [
      'tuning.reload_interval_secs',
      'tuning.encounter_cache_ttl',
      'tuning.worker_pool_size',
      'tuning.batch_size',
      'tuning.flush_interval_millis',
      'tuning.max_database_connections',
      'tuning.concurrent_matched_processors',
      'tuning.matched_max_queue_size',
    ],
    POSITIVE,
  ),
  'tuning.heap_growing_percent': { kind: 'integer', min: 0, max: 400 },
  'tuning.stop_grace_secs': { kind: 'integer', min: 0, max: 3600 },
  'tuning.intake_wait_secs': { kind: 'integer', min: 0, max: 300 },
  'tuning.sent_message_memory': { kind: 'integer', min: 0, max: 10_000_000 },
  'explain.events_per_type': { kind: 'integer', min: 0, max: 1_000_000 },
  'explain.max_age_minutes': { kind: 'integer', min: 1, max: 24 * 60 },
  'explain.near_metres': { kind: 'integer', min: 1, max: 1_000_000 },
  'tuning.validation_timeout_ms': { kind: 'integer', min: 1, max: 60_000 },
  'tuning.validation_max_concurrent': POSITIVE,
  'validation.url': { kind: 'string', pattern: /^(https?:\/\/\S+)?$/, patternText: 'empty, or an http:// or https:// URL' },
  'validation.fail_mode': { kind: 'enum', values: VALIDATION_FAIL_MODES },
});
