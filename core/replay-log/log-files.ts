/**
 * Several webhook log files (the live one and its rotations, in any order on the command line) read as one
 * stream: ordered by the receive time of their first line, then read one after the other. A file with no
 * readable line (missing, empty, only bad lines) goes last, so its problems are still reported.
 */
import { firstReceivedAt, readLogFile, type LogRecord } from './read-log.ts';

export interface FileStart {
  readonly file: string;
  /** the receive time of its first readable line, unix ms; null when it has none */
  readonly first: number | null;
}

/** Files by their first receive time (stable for equal times); files without one last, in the order given. */
export function orderByFirstTime(starts: readonly FileStart[]): string[] {
  const timed = starts.filter((s) => s.first !== null).sort((a, b) => a.first! - b.first!);
  return [...timed, ...starts.filter((s) => s.first === null)].map((s) => s.file);
}

export async function orderLogFiles(files: readonly string[]): Promise<string[]> {
  const starts: FileStart[] = [];
  for (const file of files) starts.push({ file, first: await firstReceivedAt(file) });
  return orderByFirstTime(starts);
}

/** The records of the files in the order given (see orderLogFiles). */
export async function* readLogFiles(files: readonly string[]): AsyncGenerator<LogRecord> {
  for (const file of files) yield* readLogFile(file);
}
