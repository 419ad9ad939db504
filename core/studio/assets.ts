/**
 * The template studio's files (core/studio/page/): read once into memory, each with its content type and an
 * ETag. Only the files lying directly in the folder with a known extension are served, so a request either
 * names one of them or gets nothing: no path reaches outside the folder.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder the page is served from. */
export const STUDIO_PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url));

export interface StudioAsset {
  readonly name: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** a strong ETag of the body (quoted) */
  readonly etag: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** names a browser may ask for: letters, digits, `-`, `_` and one dot before the extension */
const SERVABLE_NAME = /^[a-z0-9_-]+\.[a-z]+$/i;

export function contentTypeOf(name: string): string | undefined {
  return CONTENT_TYPES[extname(name).toLowerCase()];
}

/** The servable files of `dir` by name; an absent folder gives none (the page then answers 404). */
export async function loadStudioAssets(dir: string = STUDIO_PAGE_DIR): Promise<ReadonlyMap<string, StudioAsset>> {
  const assets = new Map<string, StudioAsset>();
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return assets;
    throw err;
  }
  for (const entry of entries) {
    const contentType = contentTypeOf(entry.name);
    if (!entry.isFile() || !SERVABLE_NAME.test(entry.name) || contentType === undefined) continue;
    const body = await readFile(join(dir, entry.name));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    assets.set(entry.name, { name: entry.name, contentType, body, etag });
  }
  return assets;
}
