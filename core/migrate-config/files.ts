/**
 * The files a PoracleJS installation keeps beside local.json that Lookout reads from config/: which to copy and
 * where (planCopies), what copying each would do (checkCopies: nothing is written there), and the copying
 * itself with a backup in config/backups/ of anything replaced (applyCopies, only with --force).
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { backupFile } from '../backups/index.ts';
import type { FileCopy } from './outcome.ts';
import { parsePoracleJson } from './poracle-json.ts';
import type { FileNote } from './report.ts';

/** Files of PoracleJS's config folder Lookout reads under the same name in config/. */
export const DATA_FILES = ['dts.json', 'partials.json', 'channelTemplate.json', 'pokemonAlias.json', 'emoji.json', 'testdata.json'] as const;

/** Folders of JSON files copied whole: extra DTS files and custom maps. */
export const DATA_FOLDERS = ['dts', 'customMaps'] as const;

/** PoracleJS's `config/custom.<lang>.json` translation overrides are Lookout's `config/locale/<lang>.json`. */
const CUSTOM_LOCALE = /^custom\.([A-Za-z0-9_-]+)\.json$/;

export interface PlannedCopy {
  /** absolute */
  readonly from: string;
  /** relative to the repo root, forward slashes */
  readonly to: string;
  /** the PoracleJS file as shipped (config/defaults/<name>): a copy equal to it is not made */
  readonly shippedDefault?: string;
}

async function jsonFilesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.json')).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

/**
 * Every file to copy: the data files, the DTS and custom map folders, the translation overrides and the geofence
 * files the configuration names (`geofences`, relative to the PoracleJS folder, the parent of `configDir`).
 */
export async function planCopies(configDir: string, geofences: readonly FileCopy[]): Promise<PlannedCopy[]> {
  const plan: PlannedCopy[] = DATA_FILES.map((name) => ({ from: join(configDir, name), to: `config/${name}`, shippedDefault: join(configDir, 'defaults', name) }));
  for (const folder of DATA_FOLDERS) {
    for (const name of await jsonFilesIn(join(configDir, folder))) plan.push({ from: join(configDir, folder, name), to: `config/${folder}/${name}` });
  }
  for (const name of await jsonFilesIn(configDir)) {
    const language = CUSTOM_LOCALE.exec(name)?.[1];
    if (language !== undefined) plan.push({ from: join(configDir, name), to: `config/locale/${language}.json` });
  }
  const poracleRoot = dirname(configDir);
  for (const fence of geofences) plan.push({ from: resolve(poracleRoot, fence.from), to: fence.to });
  return plan;
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw err;
  }
}

function sameJson(a: Buffer, b: Buffer): boolean {
  try {
    return JSON.stringify(parsePoracleJson(a.toString('utf8'))) === JSON.stringify(parsePoracleJson(b.toString('utf8')));
  } catch {
    return a.equals(b);
  }
}

/** What copying each planned file would do; `force` turns an existing, different target into a replacement. */
export async function checkCopies(rootDir: string, plan: readonly PlannedCopy[], force: boolean): Promise<FileNote[]> {
  const out: FileNote[] = [];
  const shown = (path: string): string => relative(rootDir, path).split(sep).join(posix.sep);
  for (const copy of plan) {
    const base = { from: copy.from, to: copy.to };
    const source = await readOrNull(copy.from);
    if (source === null) {
      // a data file the operator never made is no news; a geofence the configuration names is
      if (copy.to.startsWith('config/geofences/')) out.push({ ...base, outcome: 'skipped', detail: 'not found: [geofence] paths names a file that is not there' });
      continue;
    }
    const shipped = copy.shippedDefault === undefined ? null : await readOrNull(copy.shippedDefault);
    if (shipped !== null && sameJson(source, shipped)) {
      out.push({ ...base, outcome: 'skipped', detail: 'PoracleJS\'s shipped default, unchanged: Lookout\'s bundled file is used instead' });
      continue;
    }
    const target = await readOrNull(join(rootDir, copy.to));
    if (target === null) out.push({ ...base, outcome: 'copied' });
    else if (target.equals(source)) out.push({ ...base, outcome: 'same as existing' });
    else out.push({ ...base, outcome: force ? 'replaced (backup taken)' : 'exists (use --force)', detail: `${shown(join(rootDir, copy.to))} differs` });
  }
  return out;
}

/** Copies what checkCopies said to copy or replace, backing up each replaced file first; returns the backups made. */
export async function applyCopies(rootDir: string, checked: readonly FileNote[], now: Date): Promise<string[]> {
  const backups: string[] = [];
  for (const copy of checked) {
    if (copy.outcome !== 'copied' && copy.outcome !== 'replaced (backup taken)') continue;
    if (copy.outcome === 'replaced (backup taken)') {
      const backup = await backupFile(rootDir, copy.to, now);
      if (backup !== null) backups.push(backup);
    }
    const target = join(rootDir, copy.to);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(copy.from, target);
  }
  return backups;
}
