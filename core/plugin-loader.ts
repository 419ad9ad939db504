/**
 * Finds the plugins: every folder under plugins/ and platforms/ with an index.ts (or a built index.js) is one
 * plugin module. Adding an alert type or a platform means adding a folder; nothing else is edited.
 * A module's default export is a plugin, or a factory receiving the setup context.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

export async function loadPluginModule(file: string, setup: PluginSetup): Promise<Plugin[]> {
  let mod: { default?: PluginModuleExport };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: PluginModuleExport };
  } catch (err) {
    throw new LookoutError('PLUGIN_INVALID', `cannot load plugin module ${file}: ${(err as Error).message}`, { file }, { cause: err });
  }
  const exported = mod.default;
  if (exported === undefined) throw new LookoutError('PLUGIN_INVALID', `plugin module ${file} has no default export`, { file });
  const made = typeof exported === 'function' ? await exported(setup) : exported;
  return Array.isArray(made) ? [...made] : [made as Plugin];
}

export async function discoverPlugins(baseDir: string, setup: PluginSetup): Promise<Plugin[]> {
  const plugins: Plugin[] = [];
  for (const file of findPluginEntries(baseDir)) plugins.push(...(await loadPluginModule(file, setup)));
  return plugins;
}
