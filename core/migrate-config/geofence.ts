/**
 * geofence.path: one path or a list, each a file relative to the PoracleJS folder (PoracleJS read
 * `<its folder>/<path>`) or an http(s) URL (Koji). Files are copied into config/geofences/ under their own names
 * (a second file of the same name gets -2, -3…) and [geofence] paths names the copies; URLs are kept.
 */
import { posix } from 'node:path';
import type { FileCopy, KeyRule } from './outcome.ts';
import { asStrings } from './values.ts';

export const GEOFENCE_DIR = 'config/geofences';

const isUrl = (path: string): boolean => /^https?:\/\//i.test(path);

function uniqueName(name: string, taken: Set<string>): string {
  const ext = posix.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export const geofencePaths: KeyRule = (value, key) => {
  const list = asStrings(value);
  if (!list.ok) return { placements: [], notes: [{ kind: 'value refused', key, to: 'geofence.paths', detail: list.why }] };
  const taken = new Set<string>();
  const copies: FileCopy[] = [];
  const paths = (list.value as string[]).map((path) => {
    if (isUrl(path)) return path;
    const to = `${GEOFENCE_DIR}/${uniqueName(posix.basename(path.replace(/\\/g, '/')), taken)}`;
    copies.push({ from: path, to });
    return to;
  });
  return { placements: [{ to: 'geofence.paths', value: paths }], notes: [], copies };
};
