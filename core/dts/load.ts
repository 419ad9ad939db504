/**
 * Loads every DTS file in the spec's order: (a) the bundled templates: fallbacks/dts.json, then the `dts.json`
 * of every registered plugin's `fallbacks` folder, in registration order, (b) config/dts.json, (c) every
 * config/dts/*.json and *.toml, alphabetically. The last loaded entry with the same (type, platform, id,
 * language) wins, so an operator's file overrides a bundled one. A broken file or entry is reported (file +
 * entry) and skipped; everything else loads. A `templateFile` is read from the template folder config/dts/ only
 * (template-file-read.ts). Entry platforms are the registered platforms' (platforms.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import type { Logger } from '../log/logger.ts';
import { toEntry } from './entry.ts';
import { parseJsonDts } from './formats/json.ts';
import type { ParsedFile } from './formats/result.ts';
import { parseTomlDts } from './formats/toml.ts';
import { entryKey } from './keys.ts';
import { loadPartials } from './partials.ts';
import type { TemplatePlatforms } from './platforms.ts';
import { entryBodyError } from './syntax.ts';
import { TEMPLATE_FOLDER } from './template-file-name.ts';
import { templateFolderReader, type TemplateFileReader } from './template-file-read.ts';
import { describeEntry, describeProblem, type DtsEntry, type DtsFormat, type DtsProblem, type DtsSet, type EntrySource } from './types.ts';

export interface LoadOptions {
  readonly rootDir: string;
  readonly log: Logger;
  /** the template platforms entries may name (the registered platform plugins') */
  readonly platforms: TemplatePlatforms;
  /** the registered plugins' `fallbacks` folders (absolute), in registration order; each may hold a dts.json */
  readonly pluginFallbacks?: readonly string[];
}

interface DtsFile {
  /** relative to the root, with forward slashes (absolute for a plugin folder outside the root) */
  readonly file: string;
  /** where it is read from */
  readonly path: string;
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

/** The file name of a plugin's bundled templates in its `fallbacks` folder. */
export const PLUGIN_DTS = 'dts.json';

/** How a file is named in problems and entry sources: relative to the root when it is inside it. */
function displayName(rootDir: string, path: string): string {
  const inside = relative(rootDir, path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside.split(sep).join(posix.sep);
}

function rooted(rootDir: string, file: string, format: DtsFormat, origin: EntrySource['origin']): DtsFile {
  return { file, path: join(rootDir, file), format, origin };
}

/**
 * The files to load, in load order; an unreadable config/dts/ folder is reported as a problem. `pluginFallbacks`
 * are the plugins' `fallbacks` folders (their dts.json loads after the core's bundled file).
 */
export async function listDtsFiles(rootDir: string, problems: DtsProblem[], pluginFallbacks: readonly string[] = []): Promise<DtsFile[]> {
  const files: DtsFile[] = [
    rooted(rootDir, FALLBACK_DTS, 'json', 'fallback'),
    ...pluginFallbacks.map((dir): DtsFile => {
      const path = join(dir, PLUGIN_DTS);
      return { file: displayName(rootDir, path), path, format: 'json', origin: 'fallback' };
    }),
    rooted(rootDir, CONFIG_DTS, 'json', 'config'),
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
    files.push(rooted(rootDir, posix.join(CONFIG_DTS_DIR, name), /\.toml$/i.test(name) ? 'toml' : 'json', 'config'));
  }
  return files;
}

function parse(format: DtsFormat, text: string): ParsedFile {
  return format === 'toml' ? parseTomlDts(text) : parseJsonDts(text);
}

/** How the entries of a file are read: the templateFile reader and the platforms entries may name. */
interface EntryReading {
  readonly read: TemplateFileReader;
  readonly platforms: TemplatePlatforms;
}

/** Where a file's accepted entries, problems and advisories go. */
interface FileOutcome {
  readonly entries: DtsEntry[];
  readonly problems: DtsProblem[];
  readonly advisories: string[];
}

/**
 * Entries naming a platform no registered platform plugin renders (a platform switched off, or a typo) are not
 * loaded, and each file says so once, as an advisory: they are not broken, and must not stop a reload.
 */
function unrenderedAdvisory(file: string, unrendered: ReadonlyMap<string, number>): string[] {
  if (unrendered.size === 0) return [];
  const count = [...unrendered.values()].reduce((a, b) => a + b, 0);
  const names = [...unrendered.keys()].map((p) => `"${p}"`).join(', ');
  return [`${file}: ${count} entr${count === 1 ? 'y' : 'ies'} for platform ${names}, which no registered platform renders, not loaded`];
}

async function loadFile(spec: DtsFile, reading: EntryReading, out: FileOutcome): Promise<boolean> {
  const { entries, problems } = out;
  let text: string | null;
  try {
    text = await readOptional(spec.path);
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
  const unrendered = new Map<string, number>();
  for (const [index, item] of parsed.items.entries()) {
    const source: EntrySource = { file: spec.file, index, format: spec.format, origin: spec.origin };
    const outcome = await toEntry(item, source, reading.read, reading.platforms);
    if (!outcome.ok) {
      if (outcome.platform !== undefined) unrendered.set(outcome.platform, (unrendered.get(outcome.platform) ?? 0) + 1);
      else problems.push({ file: spec.file, entry: index, message: outcome.message });
      continue;
    }
    for (const advisory of outcome.advisories ?? []) out.advisories.push(`${spec.file} entry ${index + 1} (${describeEntry(outcome.entry)}): ${advisory}`);
    const broken = entryBodyError(outcome.entry);
    if (broken !== null) problems.push({ file: spec.file, entry: index, message: `${describeEntry(outcome.entry)}: ${broken}` });
    else entries.push(outcome.entry);
  }
  out.advisories.push(...unrenderedAdvisory(spec.file, unrendered));
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
  const notLoaded: string[] = [];
  const loadedFiles: string[] = [];
  // templateFile names of every file, the fallbacks' included, resolve in the template folder only
  const reading = { read: templateFolderReader(rootDir), platforms: options.platforms };
  for (const spec of await listDtsFiles(rootDir, problems, options.pluginFallbacks)) {
    if (await loadFile(spec, reading, { entries: all, problems, advisories: notLoaded })) loadedFiles.push(spec.file);
    else if (spec.file === FALLBACK_DTS) log.warn({ file: spec.file }, 'dts: the bundled fallback templates are missing');
  }
  const partials = await loadPartials(rootDir);
  problems.push(...partials.problems);
  const entries = lastWins(all);
  const advisories = [...notLoaded, ...helpAdvisories(entries)];
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
