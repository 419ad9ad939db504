/**
 * Progress of the game-data downloads (the masterfile is tens of megabytes): on a terminal one line per file,
 * rewritten in place (`game data: masterfile.json 3.2 of 12.5 MB`), at most five times a second; otherwise (a
 * process manager, a pipe) a log line every 5 s for a file still downloading, so a slow mirror is visible in the
 * logs without a line per chunk.
 */
import type { Logger } from '../log/logger.ts';

export interface DownloadProgress {
  /** `received` bytes of `total` (null when the server did not say) arrived for the file */
  update(file: string, received: number, total: number | null): void;
  /** the file is complete (or failed): a terminal line is ended */
  finish(file: string): void;
}

const TERMINAL_EVERY_MS = 200;
const LOG_EVERY_MS = 5_000;

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

/** The text of one progress report. Pure. */
export function progressText(file: string, received: number, total: number | null): string {
  return total ? `game data: ${file} ${megabytes(received)} of ${megabytes(total)} MB` : `game data: ${file} ${megabytes(received)} MB`;
}

/** `terminal`: where a terminal's line goes (stderr when it is a TTY), null to log instead. */
export function downloadProgress(log: Logger, terminal: NodeJS.WritableStream | null, now: () => number = Date.now): DownloadProgress {
  const started = new Map<string, number>();
  const lastAt = new Map<string, number>();
  return {
    update(file, received, total) {
      const at = now();
      if (!started.has(file)) started.set(file, at);
      const every = terminal ? TERMINAL_EVERY_MS : LOG_EVERY_MS;
      const since = terminal ? (lastAt.get(file) ?? -Infinity) : (lastAt.get(file) ?? started.get(file)!);
      if (at - since < every) return;
      lastAt.set(file, at);
      if (terminal) terminal.write(`\r\x1b[K${progressText(file, received, total)}`);
      else log.info({ file, bytes: received, total }, progressText(file, received, total));
    },
    finish(file) {
      if (terminal && lastAt.has(file)) terminal.write('\n');
      started.delete(file);
      lastAt.delete(file);
    },
  };
}
