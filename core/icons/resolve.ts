/**
 * Picks the file for one picture: with the repository's index, the most specific name it lists (else its `0`
 * picture); without an index, or for a folder the index does not list, the bare standard name with the
 * repository's usual extension (the index's, else the set's default). listedIconPath says whether the index lists
 * the picture at all (icon sets with a fallback use it).
 */
import type { IconIndex } from './index-file.ts';
import { candidateStems, type IconRequest } from './names.ts';

/** The path of the most specific listed file for the picture, e.g. `pokemon/25_s.png`; null when the index lists none of its names. */
export function listedIconPath(req: IconRequest, index: IconIndex): string | null {
  const folder = index.folders.get(req.folder);
  if (!folder) return null;
  for (const stem of candidateStems(req)) {
    const file = folder.files.get(stem);
    if (file !== undefined) return `${req.folder}/${file}`;
  }
  return null;
}

/** The path of the picture inside the repository, e.g. `pokemon/25_s.png`. */
export function resolveIconPath(req: IconRequest, index: IconIndex | null, defaultExt: string): string {
  const folder = index?.folders.get(req.folder);
  if (!index || !folder) return `${req.folder}/${req.key}.${index?.ext ?? defaultExt}`;
  return listedIconPath(req, index) ?? `${req.folder}/${folder.files.get('0') ?? `0.${folder.ext ?? index.ext}`}`;
}
