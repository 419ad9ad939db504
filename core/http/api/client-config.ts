/**
 * GET /api/config/webClient (what a user web client needs) and the previous generation's
 * GET /api/config/poracleWeb and GET /api/config/templates, in their shapes. The alert plugins' fields (pvp
 * settings, gym battles…) come from their `clientConfig` parts, merged in by core/http/api/client-config-merge.ts.
 *
 * No secret leaves here: keys and tokens are never copied (poracleWeb's `staticKey` is always `[]`), URLs lose
 * their credentials and key-like query parameters, and as a last guard every string of an answer is scrubbed
 * of the configured secret values (the core's and those the plugins name).
 */
import type { Config } from '../../config/index.ts';
import { LookoutError, pluginInvalid } from '../../errors.ts';
import { packageVersion } from '../../build-info.ts';
import { clientNamesOff, switchReader } from '../../switches.ts';
import { mergeClientConfig, pluginSecrets } from './client-config-merge.ts';
import type { ClientConfigAnswer } from './client-config-parts.ts';
import type { ConfigApiDeps, TemplateEntryInfo } from './config-deps.ts';
import type { RouteSpec } from './route-table.ts';


const SECRET_PARAM = /key|token|secret|pass|auth|sig/i;

function serviceVersion(deps: ConfigApiDeps): string {
  return deps.version ?? packageVersion();
}

/** Every configured secret value (keys, tokens, passwords; the plugins' too), for the final scrub. */
function secretValues(deps: ConfigApiDeps): string[] {
  const { config } = deps;
  const values: unknown[] = [
    config.processor.api_secret,
    config.database.password,
    config.database.scanner.password,
    config.geofence.remote_source.bearer_token,
    config.general.shortlink_provider_key,
    config.geocoding.geocoding_key,
    config.geocoding.static_key,
    config.discord.token,
    config.telegram.token,
    ...pluginSecrets(deps.clientConfig ?? [], config),
  ];
  return values
    .flat()
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v.length >= 4);
}

/** Replaces every occurrence of a secret in every string of `value` (objects and arrays walked). */
function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join(''), value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, secrets)]));
  return value;
}

/** A URL without credentials or key-like query parameters; a text that is no URL is left out. */
export function publicUrl(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return '';
  }
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAM.test(name)) url.searchParams.delete(name);
  const out = url.toString();
  // keep the operator's spelling when nothing was removed (URL() adds a trailing slash to a bare host)
  return out === trimmed || out === `${trimmed}/` ? trimmed : out;
}

function languages(config: Config): string[] {
  return [...new Set([config.general.locale, ...Object.keys(config.general.available_languages)].filter((l) => l !== ''))];
}

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  const aNum = a.trim() !== '' && Number.isFinite(na);
  const bNum = b.trim() !== '' && Number.isFinite(nb);
  if (aNum && bNum) return na - nb || a.localeCompare(b);
  if (aNum !== bNum) return aNum ? -1 : 1;
  return a.localeCompare(b);
}

function templateIds(deps: ConfigApiDeps, alertType: string, platform: string): string[] {
  try {
    return [...(deps.templates.templateIds?.(alertType, platform) ?? [])];
  } catch {
    return [];
  }
}

function entriesOf(deps: ConfigApiDeps): readonly TemplateEntryInfo[] | null {
  try {
    return deps.templates.entries?.() ?? null;
  } catch {
    return [];
  }
}

/** The ids a user may pick for a type on a platform: hidden entries left out when the entries are known. */
function pickableIds(deps: ConfigApiDeps, entries: readonly TemplateEntryInfo[] | null, alertType: string, platform: string): string[] {
  if (entries === null) return templateIds(deps, alertType, platform);
  const ids = entries.filter((e) => e.type === alertType && (e.platform === platform || e.platform === '') && e.raw?.hidden !== true).map((e) => e.id);
  return [...new Set(ids)].sort(compareIds);
}

function webClient(deps: ConfigApiDeps): Record<string, unknown> {
  const { config } = deps;
  const { tracking, geocoding } = config;
  const entries = entriesOf(deps);
  return {
    status: 'ok',
    version: serviceVersion(deps),
    prefix: config.discord.prefix,
    prefixes: { ...deps.platformPrefixes() },
    locale: config.general.locale,
    languages: languages(config),
    defaultTemplateName: config.general.default_template_name,
    alertTypes: deps.alertTypes().map((type) => ({
      type,
      templates: Object.fromEntries(deps.templatePlatforms().map((platform) => [platform, pickableIds(deps, entries, type, platform)])),
    })),
    tracking: {
      defaultDistance: tracking.default_distance,
      maxDistance: tracking.max_distance,
      everythingFlagPermissions: tracking.everything_flag_permissions,
    },
    map: {
      geocodingProvider: geocoding.provider,
      providerUrl: publicUrl(geocoding.provider_url),
      staticProvider: geocoding.static_provider,
      staticProviderUrl: publicUrl(geocoding.static_provider_url),
      width: geocoding.width,
      height: geocoding.height,
      zoom: geocoding.zoom,
      addressFormat: config.locale.address_format,
    },
  };
}

function poracleWeb(deps: ConfigApiDeps): Record<string, unknown> {
  const { config } = deps;
  return {
    status: 'ok',
    version: serviceVersion(deps),
    locale: config.general.locale,
    prefix: config.discord.prefix,
    providerURL: publicUrl(config.geocoding.provider_url),
    addressFormat: config.locale.address_format,
    staticKey: [],
    defaultTemplateName: config.general.default_template_name,
    channelNotesContainsCategory: config.general.role_check_mode !== 'ignore' && config.reconciliation.discord.update_channel_notes,
    admins: { discord: [...config.discord.admins].map(String), telegram: [...config.telegram.admins].map(String) },
    maxDistance: config.tracking.max_distance,
    defaultDistance: config.tracking.default_distance,
    everythingFlagPermissions: config.tracking.everything_flag_permissions,
    disabledHooks: clientNamesOff(deps.disableSwitches, switchReader(config)),
  };
}

type TemplateListing = Record<string, Record<string, Record<string, string[]>>>;

function listingEntries(deps: ConfigApiDeps): readonly TemplateEntryInfo[] {
  const entries = entriesOf(deps);
  if (entries) return entries;
  // a renderer without an entry listing: every alert type's ids, language independent
  return deps.alertTypes().flatMap((type) => deps.templatePlatforms().flatMap((platform) => templateIds(deps, type, platform).map((id) => ({ id, type, platform, language: '' }))));
}

/** The previous generation's template listing: platform → type → language (`%` independent) → ids. */
function templates(deps: ConfigApiDeps): Record<string, unknown> {
  const known = deps.templatePlatforms();
  const listing: TemplateListing = Object.fromEntries(known.map((p) => [p, {}]));
  for (const entry of listingEntries(deps)) {
    if (entry.raw?.hidden === true) continue;
    const platforms = entry.platform === '' ? known : known.filter((p) => p === entry.platform);
    const language = entry.language === '' ? '%' : entry.language;
    for (const platform of platforms) {
      const byPlatform = (listing[platform] ??= {});
      const byType = (byPlatform[entry.type] ??= {});
      const ids = (byType[language] ??= []);
      if (!ids.includes(entry.id)) ids.push(entry.id);
    }
  }
  for (const byType of Object.values(listing)) for (const byLanguage of Object.values(byType)) for (const ids of Object.values(byLanguage)) ids.sort(compareIds);
  return { status: 'ok', ...listing };
}

/** The core's answer with the plugins' parts merged in; the clashes found. */
function withPlugins(answer: ClientConfigAnswer, build: (d: ConfigApiDeps) => Record<string, unknown>, deps: ConfigApiDeps) {
  return mergeClientConfig(answer, build(deps), deps.clientConfig ?? [], deps.config);
}

/** An answer builder that merges the plugins' parts (checked sound when the routes were built). */
function merging(answer: ClientConfigAnswer, build: (d: ConfigApiDeps) => Record<string, unknown>) {
  return (deps: ConfigApiDeps): Record<string, unknown> => {
    const merged = withPlugins(answer, build, deps);
    if (merged.clashes.length > 0) throw new LookoutError('INTERNAL', `client config: ${merged.clashes.join('; ')}`, { clashes: merged.clashes });
    return merged.answer;
  };
}

/** Throws PLUGIN_INVALID when plugins give a field of an answer twice (or one the core gives), so such a start stops. */
function refuseClashes(deps: ConfigApiDeps): void {
  const clashes = [withPlugins('webClient', webClient, deps), withPlugins('poracleWeb', poracleWeb, deps)].flatMap((m) => m.clashes);
  if (clashes.length > 0) throw pluginInvalid(clashes);
}

export function clientConfigRoutes(deps: ConfigApiDeps): RouteSpec[] {
  if ((deps.clientConfig ?? []).length > 0) refuseClashes(deps);
  const scrubbed = (build: (d: ConfigApiDeps) => Record<string, unknown>) => async () => scrub(build(deps), secretValues(deps));
  return [
    { method: 'GET', path: '/config/webClient', handler: scrubbed(merging('webClient', webClient)) },
    { method: 'GET', path: '/config/poracleWeb', handler: scrubbed(merging('poracleWeb', poracleWeb)) },
    { method: 'GET', path: '/config/templates', handler: scrubbed(templates) },
  ];
}
