/**
 * The schema a config file is validated against: the core's spec with every plugin's keys and disable switches
 * merged in, so a plugin's keys are defaulted, checked by their rules and reported with their path like the
 * core's, and unknown keys inside a plugin's section are still warned about. A key may be contributed by several
 * plugins only with the same default and rule (shared switches such as `disable_stop`); a key of the core's
 * cannot be contributed. The plugins' section aliases are collected here too (sectionAliasesOf), for the
 * rewrite of legacy spellings that runs before validation, and the keys that do nothing yet (unimplementedKeysOf:
 * the core's list and the plugins').
 */
import { LookoutError } from '../errors.ts';
import { SWITCH_KEY, type PluginConfig } from './plugin-config.ts';
import { CONFIG_SPEC, inferRule, type KeyRule, type TableSpec } from './schema.ts';
import { CORE_UNIMPLEMENTED_KEYS, type UnimplementedKey, type UnimplementedKeys } from './unimplemented.ts';
import { isTable, type Table } from './values.ts';

/** A plugin's config spec and who contributed it (messages name it). */
export interface PluginConfigSource {
  /** the plugin module (its folder name) */
  readonly source: string;
  readonly config: PluginConfig;
}

interface Contribution {
  readonly source: string;
  readonly fallback: unknown;
  readonly rule: KeyRule | undefined;
}

const SWITCH_RULE: KeyRule = { kind: 'boolean' };

function sameText(a: unknown, b: unknown): boolean {
  const text = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof RegExp ? String(v) : v));
  return text(a) === text(b);
}

function invalid(source: string, message: string): never {
  throw new LookoutError('PLUGIN_INVALID', `plugin module "${source}": ${message}`, { plugin: source });
}

/** Every key a plugin contributes, switches included, as `section.key` → default and rule. */
function contributions({ source, config }: PluginConfigSource): Map<string, Contribution> {
  const out = new Map<string, Contribution>();
  for (const [section, keys] of Object.entries(config.keys)) {
    for (const [key, fallback] of Object.entries(keys)) out.set(`${section}.${key}`, { source, fallback, rule: config.rules[`${section}.${key}`] });
  }
  for (const path of Object.keys(config.rules)) if (!out.has(path)) invalid(source, `a rule for ${path}, which it does not declare`);
  for (const { key } of config.disableSwitches) {
    if (!SWITCH_KEY.test(key)) invalid(source, `disable switch "${key}" must match ${SWITCH_KEY}`);
    out.set(`general.${key}`, { source, fallback: false, rule: SWITCH_RULE });
  }
  return out;
}

function checkContribution(path: string, given: Contribution, core: Table, seen: ReadonlyMap<string, Contribution>): void {
  const [section = '', key = ''] = path.split('.');
  const coreSection = core[section];
  if (coreSection !== undefined && (!isTable(coreSection) || Object.hasOwn(coreSection, key))) invalid(given.source, `config key ${path} belongs to the core`);
  if (inferRule(given.fallback) === null) invalid(given.source, `config key ${path} must default to a string, number, boolean or array`);
  const earlier = seen.get(path);
  if (earlier && !(sameText(earlier.fallback, given.fallback) && sameText(earlier.rule, given.rule))) {
    invalid(given.source, `config key ${path} is also declared by "${earlier.source}" with another default or rule`);
  }
}

/** The core spec with the plugins' keys merged in (the core spec itself when there are none). */
export function mergedConfigSpec(plugins: readonly PluginConfigSource[]): TableSpec {
  if (plugins.length === 0) return CONFIG_SPEC;
  const core = CONFIG_SPEC.defaults as Table;
  const seen = new Map<string, Contribution>();
  for (const plugin of plugins) {
    for (const [path, given] of contributions(plugin)) {
      checkContribution(path, given, core, seen);
      seen.set(path, given);
    }
  }
  const defaults: Table = { ...core };
  const rules: Record<string, KeyRule | undefined> = { ...CONFIG_SPEC.rules };
  for (const [path, { fallback, rule }] of seen) {
    const [section = '', key = ''] = path.split('.');
    const table = defaults[section];
    defaults[section] = { ...(isTable(table) ? table : {}), [key]: fallback };
    if (rule) rules[path] = rule;
  }
  return { defaults, rules, required: CONFIG_SPEC.required };
}

const ALIAS_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Every section alias the plugins declare, alias → section. An alias must be a lowercase name that is no core
 * section and no declared section's name, and stand for one section only.
 */
export function sectionAliasesOf(plugins: readonly PluginConfigSource[]): ReadonlyMap<string, string> {
  const core = CONFIG_SPEC.defaults as Table;
  const out = new Map<string, { readonly section: string; readonly source: string }>();
  for (const { source, config } of plugins) {
    for (const [alias, section] of Object.entries(config.sectionAliases)) {
      if (!ALIAS_NAME.test(alias)) invalid(source, `section alias "${alias}" must match ${ALIAS_NAME}`);
      if (Object.hasOwn(core, alias)) invalid(source, `section alias "${alias}" is a core section`);
      const earlier = out.get(alias);
      if (earlier && earlier.section !== section) invalid(source, `section alias "${alias}" already stands for [${earlier.section}] (declared by "${earlier.source}")`);
      out.set(alias, { section, source });
    }
  }
  const sections = new Set([...out.values()].map((v) => v.section));
  for (const [alias, { source }] of out) if (sections.has(alias)) invalid(source, `section alias "${alias}" is the name of an aliased section`);
  return new Map([...out].map(([alias, { section }]) => [alias, section]));
}

/**
 * The keys that do nothing yet: the core's list and every plugin's. A plugin may list only keys it declares; a key
 * several plugins declare keeps the first entry.
 */
export function unimplementedKeysOf(plugins: readonly PluginConfigSource[]): UnimplementedKeys {
  const out: Record<string, UnimplementedKey> = {};
  for (const [path, entry] of Object.entries(CORE_UNIMPLEMENTED_KEYS)) if (entry) out[path] = entry;
  for (const { source, config } of plugins) {
    for (const [path, entry] of Object.entries(config.unimplemented ?? {})) {
      if (!entry) continue;
      const [section = '', key = ''] = path.split('.');
      if (!Object.hasOwn(config.keys[section] ?? {}, key)) invalid(source, `an unimplemented entry for ${path}, which it does not declare`);
      out[path] ??= entry;
    }
  }
  return out;
}
