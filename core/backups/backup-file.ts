/**
 * Copies a file the service is about to overwrite or delete into config/backups/ (see names.ts). Nothing is
 * copied when the file does not exist; an earlier backup is never overwritten.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { backupPath, checkedRelativePath } from './names.ts';

/** more backups of one file in one second than this is a bug, not a busy editor */
const MAX_ATTEMPTS = 1000;

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Backs up `<rootDir>/<relativePath>`; resolves with the backup's path relative to the root, or null when
 * there was no file to back up.
 */
export async function backupFile(rootDir: string, relativePath: string, now: Date): Promise<string | null> {
  const source = join(rootDir, checkedRelativePath(relativePath));
  if (!(await exists(source))) return null;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const target = backupPath(relativePath, now, attempt);
    await mkdir(dirname(join(rootDir, target)), { recursive: true });
    try {
      // COPYFILE_EXCL: fails with EEXIST instead of replacing a backup taken in the same second
      await copyFile(source, join(rootDir, target), constants.COPYFILE_EXCL);
      return target;
    } catch (err) {
      // the target's folder was just created, so a missing file is the source (deleted meanwhile)
      if (errorCode(err) === 'ENOENT') return null;
      if (errorCode(err) !== 'EEXIST') throw err;
    }
  }
  throw new Error(`backup: more than ${MAX_ATTEMPTS} backups of ${relativePath} in one second`);
}
