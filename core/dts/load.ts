/**
 * Loads every DTS file in the spec's order: (a) fallbacks/dts.json, (b) config/dts.json, (c) every
 * config/dts/*.json and *.toml, alphabetically. The last loaded entry with the same (type, platform, id,
 * language) wins. A broken file or entry is reported (file + entry) and skipped; everything else loads.
 * A `templateFile` is read from the template folder config/dts/ only (template-file-read.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Logger } from '../log/logger.ts';
import { toEntry } from './entry.ts';
import { parseJsonDts } from './formats/json.ts';
import type { ParsedFile } from './formats/result.ts';
import { parseTomlDts } from './formats/toml.ts';
import { entryKey } from './keys.ts';
import { loadPartials } from './partials.ts';
import { entryBodyError } from './syntax.ts';
import { TEMPLATE_FOLDER } from './template-file-name.ts';
import { templateFolderReader, type TemplateFileReader } from './template-file-read.ts';
import { describeEntry, describeProblem, type DtsEntry, type DtsFormat, type DtsProblem, type DtsSet, type EntrySource } from './types.ts';

export interface LoadOptions {
  readonly rootDir: string;
  readonly log: Logger;
}

interface DtsFile {
  /** relative to the root, with forward slashes */
  readonly file: string;
  readonly format: DtsFormat;
  readonly origin: EntrySource['origin'];
}

export const FALLBACK_DTS = 'fallbacks/dts.json';
export const CONFIG_DTS = 'config/dts.json';
/** the folder of the operator's DTS files, which is also the template folder of templateFile bodies */
export const CONFIG_DTS_DIR = TEMPLATE_FOLDER;

async function readOptional(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw err;
  }
}

/** The files to load, in load order; an unreadable config/dts/ folder is reported as a problem. */
export async function listDtsFiles(rootDir: string, problems: DtsProblem[]): Promise<DtsFile[]> {
  const files: DtsFile[] = [
    { file: FALLBACK_DTS, format: 'json', origin: 'fallback' },
    { file: CONFIG_DTS, format: 'json', origin: 'config' },
  ];
  let names: string[] = [];
  try {
    const dirents = await readdir(join(rootDir, CONFIG_DTS_DIR), { withFileTypes: true });
    names = dirents.filter((d) => d.isFile() && /\.(json|toml)$/i.test(d.name)).map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      problems.push({ file: CONFIG_DTS_DIR, entry: null, message: `cannot read the folder: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  for (const name of names.sort()) {
    files.push({ file: posix.join(CONFIG_DTS_DIR, name), format: /\.toml$/i.test(name) ? 'toml' : 'json', origin: 'config' });
  }
  return files;
}

function parse(format: DtsFormat, text: string): ParsedFile {
  return format === 'toml' ? parseTomlDts(text) : parseJsonDts(text);
}

async function loadFile(rootDir: string, spec: DtsFile, read: TemplateFileReader, entries: DtsEntry[], problems: DtsProblem[]): Promise<boolean> {
  let text: string | null;
  try {
    text = await readOptional(join(rootDir, spec.file));
  } catch (err) {
    problems.push({ file: spec.file, entry: null, message: `cannot read: ${err instanceof Error ? err.message : String(err)}` });
    return true;
  }
  if (text === null) return false;
  const parsed = parse(spec.format, text);
  if (!parsed.ok) {
    problems.push({ file: spec.file, entry: null, message: parsed.message });
    return true;
  }
  for (const [index, item] of parsed.items.entries()) {
    const source: EntrySource = { file: spec.file, index, format: spec.format, origin: spec.origin };
    const outcome = await toEntry(item, source, read);
    if (!outcome.ok) {
      problems.push({ file: spec.file, entry: index, message: outcome.message });
      continue;
    }
    const broken = entryBodyError(outcome.entry);
    if (broken !== null) problems.push({ file: spec.file, entry: index, message: `${describeEntry(outcome.entry)}: ${broken}` });
    else entries.push(outcome.entry);
  }
  return true;
}

/** The winners of the last-wins rule, kept in load order. */
export function lastWins(all: readonly DtsEntry[]): DtsEntry[] {
  const winners = new Map<string, DtsEntry>();
  for (const entry of all) winners.set(entryKey(entry.type, entry.platform, entry.id, entry.language), entry);
  return all.filter((entry) => winners.get(entryKey(entry.type, entry.platform, entry.id, entry.language)) === entry);
}

/** Spec rule 4: a user `help` entry marked default shadows every per-topic help entry. */
function helpAdvisories(entries: readonly DtsEntry[]): string[] {
  return entries
    .filter((e) => e.source.origin === 'config' && e.type === 'help' && e.default)
    .map(
      (e) =>
        `help entry ${describeEntry(e)} has default: true, so it answers every help topic and shadows all per-topic help entries; ` +
        'for a landing page only, give it id "index" and default: false',
    );
}

export async function loadDts(options: LoadOptions): Promise<DtsSet> {
  const { rootDir, log } = options;
  const all: DtsEntry[] = [];
  const problems: DtsProblem[] = [];
  const loadedFiles: string[] = [];
  // templateFile names of every file, the fallbacks' included, resolve in the template folder only
  const read = templateFolderReader(rootDir);
  for (const spec of await listDtsFiles(rootDir, problems)) {
    if (await loadFile(rootDir, spec, read, all, problems)) loadedFiles.push(spec.file);
    else if (spec.origin === 'fallback') log.warn({ file: spec.file }, 'dts: the bundled fallback templates are missing');
  }
  const partials = await loadPartials(rootDir);
  problems.push(...partials.problems);
  const entries = lastWins(all);
  const advisories = helpAdvisories(entries);
  for (const problem of problems) {
    log.warn({ file: problem.file, entry: problem.entry, partial: problem.partial }, `dts: ${describeProblem(problem)} (skipped)`);
  }
  for (const advisory of advisories) log.info(`dts: ${advisory}`);
  log.info(
    { files: loadedFiles, entries: entries.length, partials: Object.keys(partials.partials).length, problems: problems.length },
    'dts: templates loaded',
  );
  return { all, entries, partials: partials.partials, problems, advisories, loadedAt: Date.now() };
}
