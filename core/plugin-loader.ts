/**
 * Finds the plugins: every folder under plugins/ and platforms/ with an index.ts (or a built index.js) is one
 * plugin module. Adding an alert type or a platform means adding a folder; nothing else is edited.
 * A module's default export is a plugin, or a factory receiving the setup context; its named export `config`
 * (from definePluginConfig) holds the config keys and disable switches it contributes. The start imports every
 * module first (importPluginModules), validates the config file with their specs (pluginConfigSources), and only
 * then calls the factories (buildPlugins), which receive the validated config.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginConfig, PluginConfigSource } from './config/index.ts';
import type { Plugin, PluginSetup } from './contract.ts';
import { LookoutError } from './errors.ts';

export const PLUGIN_FOLDERS = ['plugins', 'platforms'] as const;

export type PluginModuleExport = Plugin | ((setup: PluginSetup) => Plugin | readonly Plugin[] | Promise<Plugin | readonly Plugin[]>);

function entryOf(dir: string): string | null {
  for (const name of ['index.ts', 'index.js']) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Plugin entry files in a stable order (folder, then name). */
export function findPluginEntries(baseDir: string): string[] {
  const entries: string[] = [];
  for (const folder of PLUGIN_FOLDERS) {
    const root = join(baseDir, folder);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const dir = join(root, name);
      if (!statSync(dir).isDirectory()) continue;
      const entry = entryOf(dir);
      if (entry) entries.push(entry);
    }
  }
  return entries;
}

/** One imported plugin module: its default export and the config spec it exports, if any. */
export interface PluginModule {
  readonly file: string;
  /** its folder name (messages name it) */
  readonly source: string;
  readonly exported: PluginModuleExport;
  readonly config?: PluginConfig;
}

/** Whether a value is what `definePluginConfig` returns. */
export function isPluginConfig(value: unknown): value is PluginConfig {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as Partial<Record<keyof PluginConfig, unknown>>;
  return typeof spec.keys === 'object' && spec.keys !== null && typeof spec.rules === 'object' && Array.isArray(spec.disableSwitches) && typeof spec.sectionAliases === 'object' && spec.sectionAliases !== null && typeof spec.read === 'function';
}

export async function importPluginModule(file: string): Promise<PluginModule> {
  let mod: { default?: PluginModuleExport; config?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: PluginModuleExport; config?: unknown };
  } catch (err) {
    throw new LookoutError('PLUGIN_INVALID', `cannot load plugin module ${file}: ${(err as Error).message}`, { file }, { cause: err });
  }
  const exported = mod.default;
  if (exported === undefined) throw new LookoutError('PLUGIN_INVALID', `plugin module ${file} has no default export`, { file });
  const source = basename(dirname(file));
  if (mod.config === undefined) return { file, source, exported };
  if (!isPluginConfig(mod.config)) throw new LookoutError('PLUGIN_INVALID', `plugin module ${file}: its "config" export must come from definePluginConfig`, { file });
  return { file, source, exported, config: mod.config };
}

/** Every plugin module under baseDir, imported, in findPluginEntries order. */
export async function importPluginModules(baseDir: string): Promise<PluginModule[]> {
  const modules: PluginModule[] = [];
  for (const file of findPluginEntries(baseDir)) modules.push(await importPluginModule(file));
  return modules;
}

/** The config specs the modules export, for validating the config file. */
export function pluginConfigSources(modules: readonly PluginModule[]): PluginConfigSource[] {
  return modules.flatMap((m) => (m.config ? [{ source: m.source, config: m.config }] : []));
}

/** Calls the modules' factories with the setup (its config validated with pluginConfigSources). */
export async function buildPlugins(modules: readonly PluginModule[], setup: PluginSetup): Promise<Plugin[]> {
  const plugins: Plugin[] = [];
  for (const { exported } of modules) {
    const made = typeof exported === 'function' ? await exported(setup) : exported;
    plugins.push(...(Array.isArray(made) ? made : [made as Plugin]));
  }
  return plugins;
}

export async function loadPluginModule(file: string, setup: PluginSetup): Promise<Plugin[]> {
  return buildPlugins([await importPluginModule(file)], setup);
}

export async function discoverPlugins(baseDir: string, setup: PluginSetup): Promise<Plugin[]> {
  return buildPlugins(await importPluginModules(baseDir), setup);
}
