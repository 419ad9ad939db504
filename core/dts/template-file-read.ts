/**
 * Reads the body file a DTS entry names in `templateFile`, from the template folder only: the name must pass
 * template-file-name.ts, and the file it leads to, symbolic links followed (realpath), must lie inside the
 * folder's own real path, be a regular file and hold UTF-8 text without NUL bytes. The answer is the text, or
 * why not, naming the file but never quoting a byte of it.
 */
import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import {
  quotedName,
  TEMPLATE_FOLDER,
  templateFileCandidates,
  templateFileMissing,
  templateFileNameProblem,
  templateFileRefusal,
} from './template-file-name.ts';

/** A templateFile's text, or the message saying why there is none (file name and reason only). */
export type TemplateFileRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** Reads a templateFile by the name written in the entry. */
export type TemplateFileReader = (name: string) => Promise<TemplateFileRead>;

type TextOutcome = { readonly text: string } | { readonly refused: string };

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
/** no waiting on a FIFO, and no symbolic link swapped in after realpath */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

async function realOrNull(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch (err) {
    if (MISSING.has(errorCode(err) ?? '')) return null;
    throw err;
  }
}

async function readText(path: string): Promise<TextOutcome> {
  const handle = await open(path, OPEN_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) return { refused: 'it is not a regular file' };
    const bytes = await handle.readFile();
    if (bytes.includes(0) || !isUtf8(bytes)) return { refused: 'it is not a UTF-8 text file' };
    return { text: bytes.toString('utf8') };
  } finally {
    await handle.close();
  }
}

export async function readTemplateFile(rootDir: string, name: string): Promise<TemplateFileRead> {
  const problem = templateFileNameProblem(name);
  if (problem !== null) return { ok: false, message: templateFileRefusal(name, problem) };
  try {
    const folder = await realOrNull(join(rootDir, TEMPLATE_FOLDER));
    if (folder === null) return { ok: false, message: templateFileMissing(name) };
    for (const candidate of templateFileCandidates(name)) {
      const real = await realOrNull(join(rootDir, candidate));
      if (real === null) continue;
      if (!isInside(folder, real)) return { ok: false, message: templateFileRefusal(name, 'it leads outside the folder (a symbolic link)') };
      const read = await readText(real);
      return 'text' in read ? { ok: true, text: read.text } : { ok: false, message: templateFileRefusal(name, read.refused) };
    }
    return { ok: false, message: templateFileMissing(name) };
  } catch (err) {
    // the code only: a system message would show the server's paths
    return { ok: false, message: `templateFile ${quotedName(name)} cannot be read (${errorCode(err) ?? 'unknown error'})` };
  }
}

/** The reader of every DTS file and of the API: names resolve in the template folder of `rootDir`. */
export function templateFolderReader(rootDir: string): TemplateFileReader {
  return (name) => readTemplateFile(rootDir, name);
}
