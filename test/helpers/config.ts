/**
 * Configs for tests, validated as the service validates config/config.toml: with the config keys and disable
 * switches of every bundled plugin module (imported once, as the start imports them before validating).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromObject as coreConfigFromObject, defaultConfigWith, type Config, type LoadedConfig, type PluginConfigSource } from '../../core/config/index.ts';
import { importPluginModules, pluginConfigSources } from '../../core/plugin-loader.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const BUNDLED: readonly PluginConfigSource[] = pluginConfigSources(await importPluginModules(REPO_ROOT));

/** The bundled plugin modules' config specs. */
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
