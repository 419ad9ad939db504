/**
 * Partials: `fallbacks/partials.json`, then `config/partials.json` (a name in the config file replaces the
 * bundled one). Each file is a JSON object mapping a partial name to a Handlebars string.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPlainObject } from './body.ts';
import { templateError } from './syntax.ts';
import type { DtsProblem } from './types.ts';

export const PARTIAL_FILES = ['fallbacks/partials.json', 'config/partials.json'] as const;

export interface LoadedPartials {
  readonly partials: Readonly<Record<string, string>>;
  readonly problems: readonly DtsProblem[];
}

async function readOptional(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function addFile(file: string, text: string, partials: Record<string, string>, problems: DtsProblem[]): void {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    problems.push({ file, entry: null, message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` });
    return;
  }
  if (!isPlainObject(data)) {
    problems.push({ file, entry: null, message: 'expected a JSON object mapping partial names to Handlebars strings' });
    return;
  }
  for (const [name, source] of Object.entries(data)) {
    if (typeof source !== 'string') {
      problems.push({ file, entry: null, partial: name, message: 'a partial must be a Handlebars string' });
      continue;
    }
    const error = templateError(source);
    if (error !== null) problems.push({ file, entry: null, partial: name, message: `broken Handlebars: ${error}` });
    else partials[name] = source;
  }
}

export async function loadPartials(rootDir: string): Promise<LoadedPartials> {
  const partials: Record<string, string> = {};
  const problems: DtsProblem[] = [];
  for (const file of PARTIAL_FILES) {
    let text: string | null;
    try {
      text = await readOptional(join(rootDir, file));
    } catch (err) {
      problems.push({ file, entry: null, message: `cannot read: ${err instanceof Error ? err.message : String(err)}` });
      continue;
    }
    if (text !== null) addFile(file, text, partials, problems);
  }
  return { partials, problems };
}
