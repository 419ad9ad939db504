/**
 * One migration run: read local.json, convert, validate with the service's loader, check every file it would
 * write, then — only when nothing would be overwritten, or with `force` (backups in config/backups/) — copy the
 * files, write config.toml and the report beside it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import TOML from '@iarna/toml';
import { backupFile } from '../backups/index.ts';
import { configFromObject, defaultConfigWith, type PluginConfigSource } from '../config/index.ts';
import { isTable, type Table } from '../config/values.ts';
import { ConfigError, describeError, LookoutError } from '../errors.ts';
import { convertPoracleConfig } from './convert.ts';
import { applyCopies, checkCopies, planCopies } from './files.ts';
import { overridesOnly } from './overrides.ts';
import { parsePoracleJson } from './poracle-json.ts';
import { formatReport, type FileNote, type Note } from './report.ts';
import { toToml } from './toml-write.ts';
import { validateConverted } from './validate.ts';

/** The report's file name, in the output's folder. */
export const REPORT_FILE = 'poraclejs-migration-report.txt';

export interface MigrateOptions {
  /** the Lookout checkout (the folder holding package.json) */
  readonly rootDir: string;
  /** PoracleJS's config/local.json */
  readonly source: string;
  /** where config.toml goes (absolute, inside rootDir) */
  readonly out: string;
  readonly force: boolean;
  /** the config specs of the plugins the service will load */
  readonly plugins: readonly PluginConfigSource[];
  readonly now: Date;
}

export interface MigrateResult {
  /** false: something would have been overwritten without --force; nothing was written */
  readonly written: boolean;
  readonly report: string;
  readonly reportFile: string | null;
  readonly notes: readonly Note[];
  readonly files: readonly FileNote[];
  readonly toml: string;
  readonly backups: readonly string[];
}

async function readLocal(source: string): Promise<Table> {
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (err) {
    throw new LookoutError('CONFIG_MISSING', `${source}: cannot read the PoracleJS configuration: ${describeError(err)}`, { file: source }, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = parsePoracleJson(text);
  } catch (err) {
    throw new ConfigError(`${source}: not valid JSON: ${describeError(err)}`, { file: source });
  }
  if (!isTable(parsed)) throw new ConfigError(`${source}: a PoracleJS configuration is a JSON object of sections`, { file: source });
  return parsed;
}

function insideRoot(rootDir: string, path: string): string {
  const rel = relative(rootDir, path);
  if (rel === '' || rel.startsWith('..') || resolve(rootDir, rel) !== path) {
    throw new LookoutError('CONFIG_INVALID', `${path}: the output must be inside ${rootDir}`, { file: path });
  }
  return rel.split(sep).join(posix.sep);
}

async function existing(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** the text without its comment lines: a run on another day (another date in the header) changes nothing */
const settings = (text: string): string => text.split('\n').filter((line) => !line.startsWith('#')).join('\n');

export async function migrateConfig(options: MigrateOptions): Promise<MigrateResult> {
  const { rootDir, source, force, plugins, now } = options;
  const out = resolve(options.out);
  const outRelative = insideRoot(rootDir, out);
  const given = await readLocal(source);
  const defaultsFile = join(dirname(source), 'default.json');
  const shipped = (await existing(defaultsFile)) === null ? null : await readLocal(defaultsFile); // absent: every value counts
  const { local, unchanged } = shipped === null ? { local: given, unchanged: 0 } : overridesOnly(given, shipped);
  const conversion = convertPoracleConfig(local);
  const validated = validateConverted(conversion.table, conversion.sources, outRelative, plugins);
  const notes = [...conversion.notes, ...validated.notes];
  const toml = toToml(validated.table, [
    `Lookout configuration converted from the PoracleJS configuration ${source} on ${now.toISOString().slice(0, 10)}.`,
    `Only what it set is here (and the few PoracleJS defaults that differ from Lookout's); see ${REPORT_FILE} and config/config.example.toml.`,
  ], defaultConfigWith(plugins) as unknown as Table);
  // the text itself must load: a writer mistake is caught here, not at the next start
  configFromObject(TOML.parse(toml), outRelative, plugins);

  const checked = await checkCopies(rootDir, await planCopies(dirname(source), conversion.copies), force);
  const current = await existing(out);
  const configNote: FileNote = {
    from: source,
    to: outRelative,
    outcome: current === null ? 'written' : settings(current) === settings(toml) ? 'same as existing' : force ? 'replaced (backup taken)' : 'exists (use --force)',
    detail: 'converted',
  };
  const files: FileNote[] = [configNote, ...checked];
  const blocked = files.some((f) => f.outcome === 'exists (use --force)');
  const preface =
    shipped === null
      ? `${defaultsFile} not found: every value in local.json is taken as the operator's.\n`
      : `${unchanged} value(s) in local.json equal ${defaultsFile} and were treated as unset.\n`;
  const report = preface + formatReport(source, outRelative, notes, files) + (blocked ? '\nNothing was written: some files exist and differ. Run again with --force to replace them (backups go to config/backups/).\n' : '');
  if (blocked) return { written: false, report, reportFile: null, notes, files, toml, backups: [] };

  const backups = await applyCopies(rootDir, checked, now);
  if (configNote.outcome === 'replaced (backup taken)') {
    const backup = await backupFile(rootDir, outRelative, now);
    if (backup !== null) backups.push(backup);
  }
  if (configNote.outcome !== 'same as existing') {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, toml);
  }
  const reportFile = join(dirname(out), REPORT_FILE);
  const fullReport = backups.length === 0 ? report : `${report}backups:\n${backups.map((b) => `  ${b}`).join('\n')}\n`;
  await writeFile(reportFile, fullReport);
  return { written: true, report: fullReport, reportFile, notes, files, toml, backups };
}

