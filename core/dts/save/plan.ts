/**
 * The file changes of a save, decided before anything is written, from the templates to save and the current
 * text of every config DTS file. The rules:
 * - each template's own file is written whole; when that file exists it may hold only templates being saved
 *   now (otherwise LookoutError CONFLICT, as for a file that cannot be read);
 * - every other config file (config/dts.json, config/dts/*.json|*.toml — never fallbacks/) holding an entry
 *   with a saved key loses that entry, keeps the others and is re-emitted in its own format; left empty it is
 *   deleted, except config/dts.json, which stays as `[]`;
 * - a file that cannot be parsed is left alone and reported (the loader skips it too).
 */
import { LookoutError } from '../../errors.ts';
import { parseJsonDts } from '../formats/json.ts';
import type { ParsedFile } from '../formats/result.ts';
import { parseTomlDts } from '../formats/toml.ts';
import { CONFIG_DTS } from '../load.ts';
import type { DtsFormat } from '../types.ts';
import { emitDtsFile } from './emit.ts';
import type { TemplatePlatforms } from '../platforms.ts';
import { itemKey } from './item-key.ts';
import type { SaveItem } from './validate.ts';

/** One existing config DTS file as read from disk. */
export interface ConfigFileText {
  /** relative to the root, forward slashes */
  readonly file: string;
  readonly format: DtsFormat;
  readonly text: string;
}

export interface FileWrite {
  readonly file: string;
  readonly text: string;
}

export interface SavePlan {
  /** each saved template's own file */
  readonly writes: readonly FileWrite[];
  /** other files that lose entries and keep some (or config/dts.json, kept even when empty) */
  readonly rewrites: readonly FileWrite[];
  /** other files left without entries */
  readonly deletes: readonly string[];
  /** files that could not be parsed, so could not be searched for the saved keys */
  readonly unreadable: readonly { readonly file: string; readonly message: string }[];
}

function parse(file: ConfigFileText): ParsedFile {
  return file.format === 'toml' ? parseTomlDts(file.text) : parseJsonDts(file.text);
}

function conflict(message: string, file: string): never {
  throw new LookoutError('CONFLICT', message, { file });
}

export function planSave(items: readonly SaveItem[], files: readonly ConfigFileText[], platforms: TemplatePlatforms): SavePlan {
  const savedKeys = new Set(items.map((item) => item.key));
  const targets = new Set(items.map((item) => item.file));
  for (const file of files.filter((f) => targets.has(f.file))) {
    const parsed = parse(file);
    if (!parsed.ok) conflict(`${file.file} cannot be read (${parsed.message}); fix or move it before saving to it`, file.file);
    const others = parsed.items.flatMap((item, index) => {
      const key = itemKey(item, platforms);
      return key !== null && savedKeys.has(key) ? [] : [index];
    });
    if (others.length > 0) conflict(`${file.file} also holds other templates (entries ${others.join(', ')}); move them to another file before saving to it`, file.file);
  }
  const removal = planRemoval(savedKeys, files.filter((f) => !targets.has(f.file)), platforms);
  return { writes: items.map((item) => ({ file: item.file, text: item.text })), ...removal };
}

/**
 * The entries with these keys taken out of the files (a save's other files, or a delete): each file that held one
 * is re-emitted in its own format, or deleted when left empty (config/dts.json stays as `[]`).
 */
export function planRemoval(keys: ReadonlySet<string>, files: readonly ConfigFileText[], platforms: TemplatePlatforms): Omit<SavePlan, 'writes'> {
  const rewrites: FileWrite[] = [];
  const deletes: string[] = [];
  const unreadable: { file: string; message: string }[] = [];
  for (const file of files) {
    const parsed = parse(file);
    if (!parsed.ok) {
      unreadable.push({ file: file.file, message: parsed.message });
      continue;
    }
    const kept = parsed.items.filter((item) => {
      const key = itemKey(item, platforms);
      return key === null || !keys.has(key);
    });
    if (kept.length === parsed.items.length) continue;
    if (kept.length === 0 && file.file !== CONFIG_DTS) deletes.push(file.file);
    else rewrites.push({ file: file.file, text: emitDtsFile(file.format, kept) });
  }
  return { rewrites, deletes, unreadable };
}
