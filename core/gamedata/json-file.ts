/**
 * Reading JSON files that may be absent or damaged, and writing them atomically (temp file + rename), so a
 * reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError, describeError } from '../errors.ts';

export type JsonRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly missing: boolean; readonly reason: string };

export async function readJson(path: string): Promise<JsonRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, missing, reason: missing ? 'not found' : describeError(err) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, missing: false, reason: `invalid JSON: ${describeError(err)}` };
  }
}

/** An operator or bundled override file: absent → undefined, present but unreadable → ConfigError naming it. */
export async function readOptionalJson(path: string): Promise<unknown> {
  const read = await readJson(path);
  if (read.ok) return read.value;
  if (read.missing) return undefined;
  throw new ConfigError(`${path}: ${read.reason}`, { file: path, expected: 'a JSON file', found: read.reason });
}

/** Write `text` to `path` through a temp file in the same directory and a rename. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
