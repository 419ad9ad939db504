/**
 * Picks the file for one picture: with the repository's index, the most specific name it lists (else its `0`
 * picture); without an index, or for a folder the index does not list, the bare standard name with the
 * repository's usual extension (the index's, else the set's default).
 */
import type { IconIndex } from './index-file.ts';
import { candidateStems, type IconRequest } from './names.ts';

/** The path of the picture inside the repository, e.g. `pokemon/25_s.png`. */
export function resolveIconPath(req: IconRequest, index: IconIndex | null, defaultExt: string): string {
  const folder = index?.folders.get(req.folder);
  if (!folder) return `${req.folder}/${req.key}.${index?.ext ?? defaultExt}`;
  for (const stem of candidateStems(req)) {
    const file = folder.files.get(stem);
    if (file !== undefined) return `${req.folder}/${file}`;
  }
  return `${req.folder}/${folder.files.get('0') ?? `0.${folder.ext ?? index?.ext ?? defaultExt}`}`;
}
