/**
 * Configs for tests, validated as the service validates config/config.toml: with the config keys and disable
 * switches of every bundled plugin. Their specs are read from each plugin folder's config.ts (where every bundled
 * plugin keeps the spec its index.ts exports as `config`; test/core/config/bundled-configs.test.ts checks that),
 * so a test file does not import every plugin and its client libraries just to validate a config.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configFromObject as coreConfigFromObject, defaultConfigWith, type Config, type LoadedConfig, type PluginConfigSource } from '../../core/config/index.ts';
import { isPluginConfig, PLUGIN_FOLDERS } from '../../core/plugin-loader.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** the spec a bundled plugin folder's config.ts exports, named by the folder as the loader names it */
async function specOf(folder: string, name: string): Promise<PluginConfigSource | null> {
  const file = join(REPO_ROOT, folder, name, 'config.ts');
  if (!existsSync(file)) return null;
  const specs = Object.values((await import(pathToFileURL(file).href)) as Record<string, unknown>).filter(isPluginConfig);
  if (specs.length !== 1) throw new Error(`${file} must export exactly one definePluginConfig spec (found ${specs.length})`);
  return { source: name, config: specs[0]! };
}

const folders = PLUGIN_FOLDERS.flatMap((folder) => readdirSync(join(REPO_ROOT, folder), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => [folder, e.name] as const));
const BUNDLED: readonly PluginConfigSource[] = (await Promise.all(folders.map(([folder, name]) => specOf(folder, name)))).filter((s): s is PluginConfigSource => s !== null);

/** The bundled plugins' config specs, in the loader's order (folder, then name). */
export function bundledPluginConfigs(): readonly PluginConfigSource[] {
  return BUNDLED;
}

/** configFromObject with the bundled plugins' keys (and, when given, further specs such as a test plugin's). */
export function configFromObject(obj: unknown, fileLabel = 'config', extra: readonly PluginConfigSource[] = []): LoadedConfig {
  return coreConfigFromObject(obj, fileLabel, [...BUNDLED, ...extra]);
}

/** Every default, the bundled plugins' keys included. */
export function defaultConfig(): Config {
  return defaultConfigWith(BUNDLED);
}
