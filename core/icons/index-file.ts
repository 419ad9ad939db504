/**
 * A UICONS repository's index.json → the files present per folder. The file maps folder names to arrays of
 * file names, or to objects of subfolders (`raid.egg`, `reward.item`…); anything else in it is ignored.
 */

/** The pictures of one folder: file name by name without extension, and the folder's usual extension. */
export interface IconFolder {
  readonly files: ReadonlyMap<string, string>;
  /** the most common extension in the folder, null when it lists no file */
  readonly ext: string | null;
}

export interface IconIndex {
  /** by folder path: `pokemon`, `raid/egg`, `reward/item`… */
  readonly folders: ReadonlyMap<string, IconFolder>;
  readonly fileCount: number;
  /** the repository's usual extension (`png`, `webp`), for folders the index does not list */
  readonly ext: string;
}

const MAX_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function splitName(name: string): { stem: string; ext: string } | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return ext === 'json' ? null : { stem: name.slice(0, dot), ext };
}

function mostCommon(counts: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [ext, count] of counts) {
    if (count > bestCount) [best, bestCount] = [ext, count];
  }
  return best;
}

/** One folder's listing; when a name exists in several formats the folder's usual extension wins. */
export function folderFromList(names: readonly unknown[]): IconFolder {
  const parsed = names.filter((n): n is string => typeof n === 'string').flatMap((n) => {
    const parts = splitName(n);
    return parts ? [{ name: n, ...parts }] : [];
  });
  const counts = new Map<string, number>();
  for (const p of parsed) counts.set(p.ext, (counts.get(p.ext) ?? 0) + 1);
  const ext = mostCommon(counts);
  const files = new Map<string, string>();
  for (const p of parsed) {
    if (!files.has(p.stem) || p.ext === ext) files.set(p.stem, p.name);
  }
  return { files, ext };
}

function collect(node: Record<string, unknown>, prefix: string, depth: number, out: Map<string, IconFolder>): void {
  for (const [name, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (Array.isArray(value)) out.set(path, folderFromList(value));
    else if (isPlainObject(value) && depth < MAX_DEPTH) collect(value, path, depth + 1, out);
  }
}

/** The index, or null when the value does not have the shape of a UICONS index (no folder listing any file). */
export function parseIconIndex(raw: unknown): IconIndex | null {
  if (!isPlainObject(raw)) return null;
  const folders = new Map<string, IconFolder>();
  collect(raw, '', 1, folders);
  let fileCount = 0;
  const extCounts = new Map<string, number>();
  for (const folder of folders.values()) {
    fileCount += folder.files.size;
    if (folder.ext) extCounts.set(folder.ext, (extCounts.get(folder.ext) ?? 0) + folder.files.size);
  }
  const ext = mostCommon(extCounts);
  return ext !== null && fileCount > 0 ? { folders, fileCount, ext } : null;
}
