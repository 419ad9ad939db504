/**
 * Registers alert and platform plugins. Everything is validated before any plugin runs: names, the closed
 * set of hook names and their shapes, disable switches, tracking tables, target types and dependencies.
 * A problem stops the start with one error listing every problem, each naming the plugin.
 */
import { SWITCH_KEY } from './config/plugin-config.ts';
import type { AnyAlertPlugin, PlatformPlugin, Plugin, TrackingTableSpec } from './contract.ts';
import { migrationListProblem } from './db/plugin-migrations/validate.ts';
import { LookoutError } from './errors.ts';
import type { GameDataSource } from './gamedata/source.ts';
import type { ApiRoute } from './http/api/plugin-routes.ts';
import type { IconKind } from './icons/index.ts';
import { checkContribution, contributionClashes, type ContributionRule } from './registry-contributions.ts';

const NAME = /^[a-z][a-z0-9-]*$/;

type FieldRule = 'commands' | 'testData' | 'variables' | 'string' | 'text' | 'positiveInt' | 'strings' | 'function' | 'tables' | 'kind' | 'switches' | 'migrations' | ContributionRule;

/** The closed list of members per plugin kind; anything else is refused at registration. */
const ALERT_MEMBERS: Readonly<Record<string, FieldRule>> = {
  kind: 'kind',
  name: 'string',
  webhookTypes: 'strings',
  alertTypes: 'strings',
  dependencies: 'strings',
  trackingTables: 'tables',
  testData: 'testData',
  templateVariables: 'variables',
  commands: 'commands',
  describeRule: 'function',
  buildIndex: 'function',
  parse: 'function',
  dedupeKey: 'function',
  observe: 'function',
  match: 'function',
  expiresAt: 'function',
  alertTypeOf: 'function',
  locate: 'function',
  enrich: 'function',
  enrichLanguage: 'function',
  enrichTarget: 'function',
  /** [general] disable switches: key, webhook types, previous-generation client names */
  disableSwitches: 'switches',
  /** its own numbered migrations (1, 2, 3…) */
  migrations: 'migrations',
  /** its tables of per-human rows that are not rule tables */
  humanTables: 'strings',
  /** files downloaded with the game data: [{ name, url, looksValid, parse }] */
  gameDataSources: 'gameDataSources',
  /** UICONS folders it pictures: [{ folder, flags? }] */
  iconKinds: 'iconKinds',
  /** routes below /api: [{ method, path, handler }] */
  apiRoutes: 'apiRoutes',
  /** absolute folder of its bundled templates, help topics and translations */
  fallbacks: 'string',
};

const PLATFORM_MEMBERS: Readonly<Record<string, FieldRule>> = {
  kind: 'kind',
  name: 'string',
  targetTypes: 'strings',
  templatePlatform: 'string',
  concurrency: 'positiveInt',
  commandPrefix: 'text',
  dependencies: 'strings',
  start: 'function',
  stop: 'function',
  deliver: 'function',
  remove: 'function',
  commands: 'commands',
  /** other names DTS files may write for templatePlatform */
  templatePlatformAliases: 'strings',
  /** the target type of an API registration without a type */
  defaultTargetType: 'string',
  /** absolute folder of its bundled templates, help topics and translations */
  fallbacks: 'string',
};

const REQUIRED_ALERT = ['kind', 'name', 'webhookTypes', 'alertTypes'];
const REQUIRED_ALERT_WITH_WEBHOOKS = ['parse', 'match'];
const REQUIRED_PLATFORM = ['kind', 'name', 'targetTypes', 'templatePlatform', 'deliver'];

function isTestData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as { kind?: unknown; webhooks?: unknown };
  return (
    typeof data.kind === 'string' &&
    Array.isArray(data.webhooks) &&
    data.webhooks.every((w: unknown) => {
      const hook = w as { test?: unknown; type?: unknown; webhook?: unknown } | null;
      return typeof hook?.test === 'string' && typeof hook.type === 'string' && typeof hook.webhook === 'object' && hook.webhook !== null;
    })
  );
}

const isOptionalText = (value: unknown): boolean => value === undefined || (typeof value === 'string' && value.length > 0);

function isTrackingApiSpec(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  const api = value as { type?: unknown; aliases?: unknown; draft?: unknown };
  const names = [api.type, ...(Array.isArray(api.aliases) ? api.aliases : api.aliases === undefined ? [] : [null])];
  return names.every((n) => typeof n === 'string' && NAME.test(n)) && typeof api.draft === 'function';
}

function isTrackingTableSpec(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as { table?: unknown; blockKind?: unknown; title?: unknown; api?: unknown };
  return typeof spec.table === 'string' && spec.table.length > 0 && isOptionalText(spec.blockKind) && isOptionalText(spec.title) && isTrackingApiSpec(spec.api);
}

const isNameList = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0));

function isSwitchSpec(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as { key?: unknown; webhookTypes?: unknown; clientNames?: unknown };
  return typeof spec.key === 'string' && SWITCH_KEY.test(spec.key) && isNameList(spec.webhookTypes) && isNameList(spec.clientNames);
}

function checkField(rule: FieldRule, value: unknown): string | null {
  switch (rule) {
    case 'kind':
      return value === 'alert' || value === 'platform' ? null : 'must be "alert" or "platform"';
    case 'string':
      return typeof value === 'string' && value.length > 0 ? null : 'must be a non-empty string';
    case 'commands':
      return Array.isArray(value) && value.every((c: unknown) => typeof (c as { name?: unknown })?.name === 'string' && typeof (c as { run?: unknown }).run === 'function')
        ? null
        : 'must be an array of { name, run } command definitions';
    case 'testData':
      return isTestData(value) ? null : 'must be { kind: string, webhooks: [{ test, type, webhook: {…} }] }';
    case 'variables':
      return typeof value === 'object' && value !== null && Object.values(value).every((list) => Array.isArray(list) && list.every((v) => typeof v === 'string'))
        ? null
        : 'must map alert types to arrays of variable names';
    case 'text':
      return typeof value === 'string' ? null : 'must be a string';
    case 'positiveInt':
      return Number.isInteger(value) && (value as number) > 0 ? null : 'must be a positive integer';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0) ? null : 'must be an array of non-empty strings';
    case 'function':
      return typeof value === 'function' ? null : 'must be a function';
    case 'tables':
      return Array.isArray(value) && value.every(isTrackingTableSpec) ? null : 'must be an array of { table, blockKind?, title?, api?: { type, aliases?, draft } } (non-empty strings; api names lower-case)';
    case 'switches':
      return Array.isArray(value) && value.every(isSwitchSpec) ? null : `must be an array of { key, webhookTypes?, clientNames? } (key matching ${SWITCH_KEY}; lists of non-empty strings)`;
    case 'migrations':
      return migrationListProblem(value);
    case 'gameDataSources':
    case 'iconKinds':
    case 'apiRoutes':
      return checkContribution(rule, value);
  }
}

function shapeProblems(plugin: Record<string, unknown>): string[] {
  const label = typeof plugin.name === 'string' ? `plugin "${plugin.name}"` : 'a plugin without a name';
  const members = plugin.kind === 'platform' ? PLATFORM_MEMBERS : ALERT_MEMBERS;
  const required = plugin.kind === 'platform' ? REQUIRED_PLATFORM : [...REQUIRED_ALERT, ...(Array.isArray(plugin.webhookTypes) && plugin.webhookTypes.length > 0 ? REQUIRED_ALERT_WITH_WEBHOOKS : [])];
  const problems: string[] = [];
  for (const key of required) if (plugin[key] === undefined) problems.push(`${label}: missing "${key}"`);
  for (const [key, value] of Object.entries(plugin)) {
    const rule = members[key];
    if (!rule) problems.push(`${label}: unknown member "${key}" (known: ${Object.keys(members).join(', ')})`);
    else if (value !== undefined) {
      const why = checkField(rule, value);
      if (why) problems.push(`${label}: "${key}" ${why}`);
    }
  }
  if (typeof plugin.name === 'string' && !NAME.test(plugin.name)) problems.push(`${label}: name must match ${NAME}`);
  return problems;
}

function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  return items.filter((item) => (seen.has(item) ? true : (seen.add(item), false)));
}

function crossProblems(plugins: readonly Plugin[]): string[] {
  const problems: string[] = [];
  const names = plugins.map((p) => p.name);
  for (const name of duplicates(names)) problems.push(`plugin name "${name}" is registered twice`);
  const tables = plugins.flatMap((p) => (p.kind === 'alert' ? [...(p.trackingTables ?? []).map((t) => t.table), ...(p.humanTables ?? [])] : []));
  for (const table of duplicates(tables)) problems.push(`tracking table "${table}" is claimed by more than one plugin`);
  const apiNames = plugins.flatMap((p) => (p.kind === 'alert' ? (p.trackingTables ?? []).flatMap((t) => (t.api ? [t.api.type, ...(t.api.aliases ?? [])] : [])) : []));
  for (const name of duplicates(apiNames)) problems.push(`tracking API type "${name}" is claimed by more than one table`);
  const targets = plugins.flatMap((p) => (p.kind === 'platform' ? p.targetTypes : []));
  for (const target of duplicates(targets)) problems.push(`target type "${target}" is claimed by more than one platform`);
  const alertTypes = plugins.flatMap((p) => (p.kind === 'alert' ? p.alertTypes : []));
  for (const type of duplicates(alertTypes)) problems.push(`alert type "${type}" is rendered by more than one plugin`);
  for (const plugin of plugins) {
    for (const dep of plugin.dependencies ?? []) if (!names.includes(dep)) problems.push(`plugin "${plugin.name}" depends on "${dep}", which is not registered`);
  }
  problems.push(...contributionClashes(plugins.filter((p): p is AnyAlertPlugin => p.kind === 'alert')));
  return problems;
}

export class PluginRegistry {
  readonly alertPlugins: readonly AnyAlertPlugin[];
  readonly platforms: readonly PlatformPlugin[];
  private readonly byWebhookType: ReadonlyMap<string, readonly AnyAlertPlugin[]>;
  private readonly byTargetType: ReadonlyMap<string, PlatformPlugin>;
  private readonly blockKinds: ReadonlyMap<string, string | undefined>;

  private constructor(plugins: readonly Plugin[]) {
    this.alertPlugins = Object.freeze(plugins.filter((p): p is AnyAlertPlugin => p.kind === 'alert'));
    this.platforms = Object.freeze(plugins.filter((p): p is PlatformPlugin => p.kind === 'platform'));
    const byType = new Map<string, AnyAlertPlugin[]>();
    for (const plugin of this.alertPlugins) for (const type of plugin.webhookTypes) byType.set(type, [...(byType.get(type) ?? []), plugin]);
    this.byWebhookType = byType;
    this.byTargetType = new Map(this.platforms.flatMap((p) => p.targetTypes.map((t) => [t, p] as const)));
    this.blockKinds = new Map(this.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => [t.table, t.blockKind] as const)));
  }

  /** The blocked_alerts kind of a tracking table, if its plugin declared one. */
  blockKindOf(table: string): string | undefined {
    return this.blockKinds.get(table);
  }

  /** Validates every plugin, then freezes the set. Throws PLUGIN_INVALID listing every problem. */
  static create(plugins: readonly Plugin[]): PluginRegistry {
    const problems = plugins.flatMap((p) => shapeProblems(p as unknown as Record<string, unknown>));
    if (problems.length === 0) problems.push(...crossProblems(plugins));
    if (problems.length > 0) {
      throw new LookoutError('PLUGIN_INVALID', `invalid plugin registration:\n  - ${problems.join('\n  - ')}`, { problems });
    }
    return new PluginRegistry(plugins);
  }

  pluginsForWebhook(type: string): readonly AnyAlertPlugin[] {
    return this.byWebhookType.get(type) ?? [];
  }

  platformForTarget(targetType: string): PlatformPlugin | undefined {
    return this.byTargetType.get(targetType);
  }

  webhookTypes(): readonly string[] {
    return [...this.byWebhookType.keys()];
  }

  /** The game-data sources of every alert plugin, in plugin order. */
  gameDataSources(): readonly GameDataSource[] {
    return this.alertPlugins.flatMap((p) => p.gameDataSources ?? []);
  }

  /** The icon kinds of every alert plugin, in plugin order. */
  iconKinds(): readonly IconKind[] {
    return this.alertPlugins.flatMap((p) => p.iconKinds ?? []);
  }

  /** The API routes of every alert plugin, in plugin order. */
  apiRoutes(): readonly ApiRoute[] {
    return this.alertPlugins.flatMap((p) => p.apiRoutes ?? []);
  }

  /** Every tracking table with the plugin that owns it. */
  trackingTables(): readonly (TrackingTableSpec & { readonly plugin: string })[] {
    return this.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => ({ ...t, plugin: p.name })));
  }

  /** Every plugin table of per-human rows that is not a rule table (`humanTables`). */
  humanTables(): readonly string[] {
    return this.alertPlugins.flatMap((p) => p.humanTables ?? []);
  }
}
