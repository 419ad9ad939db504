/**
 * Reads config/config.toml: parse, rewrite legacy spellings, validate against the spec, merge over the
 * defaults, note the keys set that do nothing yet (core/config/unimplemented.ts), deep-freeze. Any problem
 * stops the start with one message naming the file and the key.
 */
import { readFileSync } from 'node:fs';
import TOML from '@iarna/toml';
import { ConfigError, describeError, LookoutError } from '../errors.ts';
import { applyLegacy } from './aliases/legacy.ts';
import { deepFreeze } from './freeze.ts';
import { mergedConfigSpec, sectionAliasesOf, unimplementedKeysOf, type PluginConfigSource } from './plugin-schema.ts';
import { unimplementedWarnings } from './unimplemented.ts';
import type { Config, LoadedConfig } from './types.ts';
import { validateTable } from './validate.ts';
import { describeFound, isTable, type Table } from './values.ts';

function parseToml(text: string, file: string): Table {
  try {
    return TOML.parse(text);
  } catch (err) {
    throw new ConfigError(`${file}: not valid TOML: ${describeError(err)}`, { file });
  }
}

/**
 * Builds the config from an already-parsed TOML document (tests pass object literals).
 * `fileLabel` is how messages name the source; `plugins` are the plugins' config specs merged into the schema.
 */
export function configFromObject(obj: unknown, fileLabel = 'config', plugins: readonly PluginConfigSource[] = []): LoadedConfig {
  if (!isTable(obj)) {
    throw new ConfigError(`${fileLabel}: the configuration must be a table of sections; found ${describeFound(obj)}`, { file: fileLabel });
  }
  const warnings: string[] = [];
  const normalised = applyLegacy(obj, fileLabel, warnings, sectionAliasesOf(plugins));
  const spec = mergedConfigSpec(plugins);
  const merged = validateTable(normalised, spec, fileLabel, warnings);
  warnings.push(...unimplementedWarnings(normalised, merged, spec.defaults, unimplementedKeysOf(plugins), fileLabel));
  // The walk checked every key of Config against its default's type and rule, so the tree has Config's shape.
  const config = merged as unknown as Config;
  return { config: deepFreeze(config), warnings };
}

/** Loads and validates a TOML config file. Throws ConfigError (invalid) or LookoutError CONFIG_MISSING (unreadable). */
export function loadConfig(path: string, plugins: readonly PluginConfigSource[] = []): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new LookoutError('CONFIG_MISSING', `${path}: cannot read the configuration file: ${describeError(err)}`, { file: path }, { cause: err });
  }
  return configFromObject(parseToml(text, path), path, plugins);
}

/** The configuration an empty file gives with these plugins' keys: every default, deeply frozen. */
export function defaultConfigWith(plugins: readonly PluginConfigSource[]): Config {
  return configFromObject({}, 'defaults', plugins).config;
}
