/**
 * The body of POST /api/dts/templates → the templates to save, each with the file it goes to and that file's
 * text; or a LookoutError BAD_REQUEST naming the entry (its index in the body) and the field or reason. Every
 * entry must be what the loader accepts (entry.ts) with Handlebars that compiles (syntax.ts), a key that makes
 * a safe file name (file-name.ts), text TOML can hold exactly, and a `templateFile` in the template folder
 * config/dts/. Nothing here writes; reading a templateFile goes through the given reader.
 */
import { LookoutError } from '../../errors.ts';
import { isPlainObject } from '../body.ts';
import { toEntry } from '../entry.ts';
import { entryKey } from '../keys.ts';
import type { TemplatePlatforms } from '../platforms.ts';
import { entryBodyError } from '../syntax.ts';
import type { TemplateFileReader } from '../template-file-read.ts';
import { describeEntry, type EntrySource } from '../types.ts';
import { tomlExactly } from './emit.ts';
import { templateFileName, type TemplateKey } from './file-name.ts';
import { savedRecord } from './record.ts';

export interface SaveItem {
  /** index in the request body */
  readonly index: number;
  /** entryKey(type, platform, id, language) */
  readonly key: string;
  readonly template: TemplateKey;
  /** relative to the root, e.g. `config/dts/monster-1-discord-en.toml` */
  readonly file: string;
  /** the file's whole text */
  readonly text: string;
}

const BODY_SOURCE = 'request body';

function refuse(message: string): never {
  throw new LookoutError('BAD_REQUEST', message);
}

/** The entries of the body: one object, or an array of them. */
function bodyItems(body: unknown): readonly unknown[] {
  if (Array.isArray(body)) {
    if (body.length === 0) refuse('no templates given: the body is an empty array');
    return body;
  }
  if (isPlainObject(body)) return [body];
  return refuse('the body must be a template entry (a JSON object) or an array of them');
}

/** The path of the first string holding a lone UTF-16 surrogate (it cannot be written as UTF-8), or null. */
function brokenTextAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return /\p{Cs}/u.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = brokenTextAt(item, `${path}[${i}]`);
      if (found !== null) return found;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = brokenTextAt(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

async function validateOne(item: unknown, index: number, read: TemplateFileReader, platforms: TemplatePlatforms): Promise<SaveItem> {
  const where = `entry ${index}`;
  const source: EntrySource = { file: BODY_SOURCE, index, format: 'toml', origin: 'config' };
  const outcome = await toEntry(item, source, read, platforms);
  if (!outcome.ok) refuse(`${where}: ${outcome.message}`);
  const { entry } = outcome;
  const file = templateFileName(entry);
  if (!file.ok) refuse(`${where}: ${file.message}`);
  const named = describeEntry(entry);
  const broken = entryBodyError(entry);
  if (broken !== null) refuse(`${named}: ${broken}`);
  const record = savedRecord(entry);
  const unwritable = brokenTextAt(record, '');
  if (unwritable !== null) refuse(`${named}: "${unwritable}" holds text that is not valid Unicode (a lone surrogate)`);
  const toml = tomlExactly([record]);
  if (!toml.ok) refuse(`${named}: ${toml.message}`);
  const template: TemplateKey = { type: entry.type, id: entry.id, platform: entry.platform, language: entry.language };
  return { index, key: entryKey(entry.type, entry.platform, entry.id, entry.language), template, file: file.file, text: toml.text };
}

/** Checks the whole body before anything is written; the first problem found is the answer. */
export async function validateSave(body: unknown, read: TemplateFileReader, platforms: TemplatePlatforms): Promise<SaveItem[]> {
  const items: SaveItem[] = [];
  for (const [index, item] of bodyItems(body).entries()) items.push(await validateOne(item, index, read, platforms));
  const byKey = new Map<string, SaveItem>();
  const byFile = new Map<string, SaveItem>();
  for (const item of items) {
    const sameKey = byKey.get(item.key);
    if (sameKey) refuse(`entries ${sameKey.index} and ${item.index} are the same template (${item.file})`);
    const sameFile = byFile.get(item.file);
    if (sameFile) refuse(`entries ${sameFile.index} and ${item.index} would both be saved to ${item.file}`);
    byKey.set(item.key, item);
    byFile.set(item.file, item);
  }
  return items;
}
