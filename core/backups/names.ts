/**
 * Backup file names, as pure functions: `config/backups/<relative-path>.bak.<YYYY-MM-DD_HHMMSS>` (UTC), a
 * `-2`, `-3`… suffix when several backups of one file fall in the same second, and the time read back from
 * a name for the sweeper.
 */
import { posix } from 'node:path';

/** Where every backup goes, relative to the root directory. */
export const BACKUP_DIR = 'config/backups';

const STAMP_IN_NAME = /\.bak\.(\d{4})-(\d{2})-(\d{2})_(\d{2})(\d{2})(\d{2})(?:-\d+)?$/;

const two = (n: number): string => String(n).padStart(2, '0');

/** `2026-11-24_130501` for a moment, in UTC. */
export function backupStamp(at: Date): string {
  const date = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  return `${date}_${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

/**
 * A path relative to the root, with forward slashes, that stays inside the root and outside the backup folder;
 * anything else is a programming error.
 */
export function checkedRelativePath(relativePath: string): string {
  const normal = posix.normalize(relativePath.replace(/\\/g, '/'));
  if (posix.isAbsolute(normal) || normal === '.' || normal === '..' || normal.startsWith('../')) {
    throw new Error(`backup: "${relativePath}" is not a path inside the root directory`);
  }
  if (normal === BACKUP_DIR || normal.startsWith(`${BACKUP_DIR}/`)) throw new Error(`backup: "${relativePath}" is itself a backup`);
  return normal;
}

/** The backup's path relative to the root; `attempt` 1 is the plain name, 2 and up add a suffix. */
export function backupPath(relativePath: string, at: Date, attempt = 1): string {
  const suffix = attempt > 1 ? `-${attempt}` : '';
  return `${BACKUP_DIR}/${checkedRelativePath(relativePath)}.bak.${backupStamp(at)}${suffix}`;
}

/** The time (ms since the epoch) written in a backup's name, or null when the name carries none. */
export function stampOf(name: string): number | null {
  const match = STAMP_IN_NAME.exec(name);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  // reject impossible dates (2026-02-31 would roll over into March)
  return backupStamp(new Date(ms)) === `${match[1]}-${match[2]}-${match[3]}_${match[4]}${match[5]}${match[6]}` ? ms : null;
}
