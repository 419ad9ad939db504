/**
 * Loads the reply translations: every `<lang>.json` in a folder (fallbacks/locale/, then the `locale/` of every
 * plugin's `fallbacks` folder, then the operator's config/locale/), each a flat object of English text →
 * translated text. A missing folder means no tables; a broken file is skipped and reported, never fatal.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocaleTables } from './translate.ts';

export interface LocaleLoad {
  readonly tables: LocaleTables;
  /** one line per file that could not be used */
  readonly problems: readonly string[];
}

function asTable(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries as [string, string][]) : null;
}

export async function loadLocaleTables(dir: string): Promise<LocaleLoad> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return { tables: new Map(), problems: [] };
  }
  const tables = new Map<string, Readonly<Record<string, string>>>();
  const problems: string[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      const table = asTable(JSON.parse(await readFile(file, 'utf8')));
      if (table) tables.set(name.slice(0, -'.json'.length).toLowerCase().replace(/_/g, '-'), table);
      else problems.push(`${file}: must be an object of English text → translated text`);
    } catch (err) {
      problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { tables, problems };
}

/**
 * Where the reply translations come from, in order: the core's bundled tables, the plugins' (their `fallbacks`
 * folders, in registration order), then the operator's (a key there wins).
 */
export function localeFolders(rootDir: string, pluginFallbacks: readonly string[] = []): string[] {
  return [join(rootDir, 'fallbacks', 'locale'), ...pluginFallbacks.map((dir) => join(dir, 'locale')), join(rootDir, 'config', 'locale')];
}

/** The tables of several folders merged per language, key by key; a later folder's translation wins. */
export async function loadLocaleFolders(dirs: readonly string[]): Promise<LocaleLoad> {
  const tables = new Map<string, Readonly<Record<string, string>>>();
  const problems: string[] = [];
  for (const dir of dirs) {
    const load = await loadLocaleTables(dir);
    problems.push(...load.problems);
    for (const [language, table] of load.tables) tables.set(language, { ...tables.get(language), ...table });
  }
  return { tables, problems };
}
