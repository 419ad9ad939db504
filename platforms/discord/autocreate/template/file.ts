/**
 * The channel template file on disk (`config/channelTemplate.json`): read it (comments allowed, as the previous
 * generations' files carry them), write it, remove one template from it. A write first copies the current file
 * into config/backups/ and then replaces it atomically (temp file + rename), pretty-printed. What is written are
 * the operator's raw entries, not the normalised form, so every field they wrote survives a round trip; the
 * writer does not lint (callers lint first and refuse errors). Comments of the old file live on in its backup
 * only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { backupFile } from '../../../../core/backups/index.ts';
import { LookoutError, describeError } from '../../../../core/errors.ts';
import { parseJsonText } from '../../../../core/geo/formats/json-text.ts';
import { normaliseChannelTemplates } from './lint.ts';
import type { ChannelTemplate, TemplateProblem } from './types.ts';

/** Where the file lives, relative to the root directory. */
export const CHANNEL_TEMPLATE_FILE = 'config/channelTemplate.json';

export interface ChannelTemplateFile {
  /** the usable templates (entries without errors) */
  readonly templates: ChannelTemplate[];
  readonly problems: TemplateProblem[];
  readonly exists: boolean;
  /** the parsed contents as written ([] when the file is missing, undefined when it is not valid JSON) */
  readonly raw: unknown;
}

export interface WrittenTemplates {
  /** the previous file's backup, relative to the root; null when there was no file */
  readonly backup: string | null;
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new LookoutError('CONFIG_INVALID', `channel template file ${path} cannot be read: ${describeError(err)}`, { file: path }, { cause: err });
  }
}

/** Reads and lints the file at `path`. A missing file is no templates; broken JSON is one problem at ''. */
export async function readChannelTemplateFile(path: string): Promise<ChannelTemplateFile> {
  const text = await readText(path);
  if (text === null) return { templates: [], problems: [], exists: false, raw: [] };
  let raw: unknown;
  try {
    raw = parseJsonText(text);
  } catch (err) {
    return { templates: [], problems: [{ path: '', message: `not valid JSON: ${describeError(err)}`, severity: 'error' }], exists: true, raw: undefined };
  }
  return { ...normaliseChannelTemplates(raw), exists: true, raw };
}

/** Backs up `<rootDir>/<relativePath>` and replaces it with `entries`, pretty-printed. */
export async function writeChannelTemplateFile(rootDir: string, relativePath: string, entries: readonly unknown[], now: Date): Promise<WrittenTemplates> {
  // the backup first: it also refuses a path outside the root before anything is created
  const backup = await backupFile(rootDir, relativePath, now);
  const target = join(rootDir, relativePath);
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(entries, null, 2)}\n`, 'utf8');
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return { backup };
}

/**
 * Removes every entry named `name` (case-sensitive) and writes the rest back (with a backup); false when the
 * file has no such entry or does not exist. A file that is not a JSON array cannot be edited: CONFIG_INVALID.
 */
export async function removeChannelTemplate(rootDir: string, relativePath: string, name: string, now: Date): Promise<false | WrittenTemplates> {
  const path = join(rootDir, relativePath);
  const text = await readText(path);
  if (text === null) return false;
  let raw: unknown;
  try {
    raw = parseJsonText(text);
  } catch (err) {
    throw new LookoutError('CONFIG_INVALID', `channel template file ${path} is not valid JSON: ${describeError(err)}`, { file: path }, { cause: err });
  }
  if (!Array.isArray(raw)) throw new LookoutError('CONFIG_INVALID', `channel template file ${path} does not hold a JSON array`, { file: path });
  const named = (entry: unknown): boolean => typeof entry === 'object' && entry !== null && (entry as { name?: unknown }).name === name;
  if (!raw.some(named)) return false;
  return writeChannelTemplateFile(rootDir, relativePath, raw.filter((entry) => !named(entry)), now);
}
