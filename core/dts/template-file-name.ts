/**
 * Checks the name a DTS entry or an API request gives in `templateFile`, as pure functions: a body file may only
 * come from the template folder, config/dts/, so only a relative name is accepted (no absolute POSIX or Windows
 * path, no `..` segment, no NUL or other control character), and the files an accepted name may mean are listed.
 * The previous generation read a templateFile relative to config/ and kept the files in config/dts/ (its
 * `dts/raid.txt`); such names still mean config/dts/raid.txt, and a plain `raid.txt` means the same file.
 */
import { posix, win32 } from 'node:path';

/** The template folder, relative to the root: the only place templateFile bodies are read from. */
export const TEMPLATE_FOLDER = 'config/dts';

/** The first segment of a name written relative to config/, as the previous generation wrote them. */
const CONFIG_RELATIVE_PREFIX = 'dts';

const SEPARATOR = /[\\/]/;

/** The name as messages show it: quoted, with control characters escaped. */
export function quotedName(name: string): string {
  return JSON.stringify(name);
}

/** The segments naming the file: separators `/` and `\`, empty and `.` segments dropped. */
function fileSegments(name: string): string[] {
  return name.split(SEPARATOR).filter((segment) => segment !== '' && segment !== '.');
}

/** Why a name is refused before any file is looked at, or null. */
export function templateFileNameProblem(name: string): string | null {
  if (/\p{Cc}/u.test(name)) return 'it holds a NUL byte or another control character';
  if (posix.isAbsolute(name) || win32.isAbsolute(name) || /^[a-z]:/i.test(name)) return 'it is an absolute path';
  if (name.split(SEPARATOR).includes('..')) return 'it has a ".." segment';
  if (fileSegments(name).length === 0) return 'it names no file';
  return null;
}

/** The message refusing a name (or the file it leads to), naming it and why. */
export function templateFileRefusal(name: string, reason: string): string {
  return `templateFile ${quotedName(name)} refused: ${reason}; template files are read only from the template folder ${TEMPLATE_FOLDER}/`;
}

/** The message for a name that leads to no file. */
export function templateFileMissing(name: string): string {
  return (
    `templateFile ${quotedName(name)} not found in the template folder ${TEMPLATE_FOLDER}/ ` +
    `(a name is relative to ${TEMPLATE_FOLDER}/, or to config/ when it starts with "${CONFIG_RELATIVE_PREFIX}/")`
  );
}

/**
 * The files an accepted name may mean, relative to the root with forward slashes, in the order they are tried:
 * relative to config/ when it starts with `dts/`, then relative to config/dts/. Every one lies in the folder.
 */
export function templateFileCandidates(name: string): string[] {
  const segments = fileSegments(name);
  const inFolder = posix.join(TEMPLATE_FOLDER, ...segments);
  if (segments.length > 1 && segments[0] === CONFIG_RELATIVE_PREFIX) return [posix.join('config', ...segments), inFolder];
  return [inFolder];
}
