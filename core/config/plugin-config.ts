/**
 * Config keys a plugin contributes: their defaults (section → key → default; a section may be a core one such as
 * [general]), the rules that differ from the inferred ones, and its disable switches ([general] boolean keys,
 * default false), and those of its keys that do nothing yet (`unimplemented`). A plugin module exports the result of `definePluginConfig` as `config`, next to its default
 * export; the loader collects these before the file is validated (core/config/plugin-schema.ts merges them), and
 * the plugin reads its own values, typed, with `read(config)`.
 */
import { LookoutError } from '../errors.ts';
import type { KeyRule } from './schema.ts';
import type { Config, KeyPath } from './types.ts';
import type { UnimplementedKey } from './unimplemented.ts';
import { isTable } from './values.ts';

/** What a switch key must look like. */
export const SWITCH_KEY = /^disable_[a-z0-9_]+$/;

/** One disable switch: a [general] key that stops a plugin (or some of its webhook types) when set to true. */
export interface DisableSwitchSpec {
  /** the [general] key, matching SWITCH_KEY; several plugins may name the same key */
  readonly key: string;
  /** the webhook types it stops; absent: every webhook type the plugin reads (the whole plugin) */
  readonly webhookTypes?: readonly string[];
  /** the names previous-generation web clients know it by (GET /api/config/poracleWeb `disabledHooks`) */
  readonly clientNames?: readonly string[];
}

type Leaf = string | number | boolean | readonly string[] | readonly number[];

/** A plugin's keys and their defaults: section → key → default. */
export type PluginSections = Readonly<Record<string, Readonly<Record<string, Leaf>>>>;

/** The values `read` gives: the sections' keys with their defaults' types, read-only. */
export type PluginValues<S extends PluginSections> = {
  readonly [Section in keyof S]: { readonly [Key in keyof S[Section]]: S[Section][Key] extends readonly (infer U)[] ? readonly U[] : S[Section][Key] };
};

export interface PluginConfigInput<S extends PluginSections> {
  readonly keys: S;
  /** rules that differ from the inferred ones (a string, boolean or non-negative integer default says it all) */
  readonly rules?: { readonly [P in KeyPath<S>]?: KeyRule };
  readonly disableSwitches?: readonly DisableSwitchSpec[];
  /**
   * Other names a config file may give a section the plugin owns: alias → section (e.g. `{ chat_a: 'discord' }`).
   * The alias is read as that section at the top level and under [reconciliation]; a key set under both keeps the
   * section's value, with a warning.
   */
  readonly sectionAliases?: Readonly<Record<string, string>>;
  /**
   * Its keys that are accepted but do nothing yet (or any more), with why: the start warns about each one the file
   * sets (core/config/unimplemented.ts). Take a key off when the code reads it (a test fails until then).
   */
  readonly unimplemented?: { readonly [P in KeyPath<S>]?: UnimplementedKey };
}

/** What `definePluginConfig` gives: the spec the loader merges, and the typed reader. */
export interface PluginConfig<S extends PluginSections = PluginSections> {
  readonly keys: S;
  readonly rules: Readonly<Partial<Record<string, KeyRule>>>;
  readonly disableSwitches: readonly DisableSwitchSpec[];
  /** alias → section, as declared (empty when none) */
  readonly sectionAliases: Readonly<Record<string, string>>;
  /** dotted key → why it does nothing, as declared (empty when none) */
  readonly unimplemented: Readonly<Partial<Record<string, UnimplementedKey>>>;
  /** the plugin's values from a config validated with this spec (throws INTERNAL for one validated without it) */
  read(config: Config): PluginValues<S>;
}

function pick<S extends PluginSections>(keys: S, config: Config): PluginValues<S> {
  // a widening view: the validated tree also holds the sections plugins contributed
  const tree = config as unknown as Readonly<Record<string, unknown>>;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [section, defaults] of Object.entries(keys)) {
    const table = tree[section];
    const picked: Record<string, unknown> = {};
    for (const key of Object.keys(defaults)) {
      if (!isTable(table) || !Object.hasOwn(table, key)) {
        throw new LookoutError('INTERNAL', `config key ${section}.${key} is missing: the configuration was validated without the plugin's keys`, { key: `${section}.${key}` });
      }
      picked[key] = table[key];
    }
    out[section] = picked;
  }
  // every key of S was found in the validated tree, which checked it against the default's type and rule
  return out as PluginValues<S>;
}

/** Declares a plugin's config keys; the defaults' types are the types `read` returns. */
export function definePluginConfig<S extends PluginSections>(input: PluginConfigInput<S>): PluginConfig<S> {
  const cache = new WeakMap<Config, PluginValues<S>>();
  return {
    keys: input.keys,
    rules: input.rules ?? {},
    disableSwitches: input.disableSwitches ?? [],
    sectionAliases: input.sectionAliases ?? {},
    unimplemented: input.unimplemented ?? {},
    read(config) {
      let values = cache.get(config);
      if (values === undefined) {
        values = pick(input.keys, config);
        cache.set(config, values);
      }
      return values;
    },
  };
}
