/**
 * The background sweeper of config/backups/: removes every file older than the retention (7 days), judged by
 * the time in its name (names.ts) or, for a file whose name carries none, by its modification time. It sweeps
 * once at `start()` and then every interval on an unref'ed timer (it never keeps the process alive); errors are
 * logged, never thrown out of the timer.
 */
import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Logger } from '../log/logger.ts';
import { BACKUP_DIR, stampOf } from './names.ts';

export const BACKUP_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface SweeperOptions {
  readonly rootDir: string;
  readonly log: Logger;
  /** the clock (tests); default: the system's */
  readonly now?: () => Date;
  readonly retentionMs?: number;
  readonly intervalMs?: number;
}

export interface SweepResult {
  /** removed backups, relative to the root */
  readonly removed: readonly string[];
  /** files or folders that could not be read or removed, with the reason */
  readonly failed: readonly { readonly file: string; readonly reason: string }[];
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class BackupSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;

  constructor(private readonly options: SweeperOptions) {}

  /** Sweeps now and then every interval; calling it again while started does nothing. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs ?? SWEEP_INTERVAL_MS);
    this.timer.unref();
    void this.sweep();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; never rejects. A sweep asked for while one runs shares its result. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepNow().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepNow(): Promise<SweepResult> {
    const removed: string[] = [];
    const failed: { file: string; reason: string }[] = [];
    const { log } = this.options;
    try {
      const oldest = (this.options.now?.() ?? new Date()).getTime() - (this.options.retentionMs ?? BACKUP_RETENTION_MS);
      await this.sweepFolder(BACKUP_DIR, oldest, removed, failed);
    } catch (err) {
      failed.push({ file: BACKUP_DIR, reason: reasonOf(err) });
    }
    if (removed.length > 0) log.info({ removed: removed.length, folder: BACKUP_DIR }, 'backups: removed backups older than the retention');
    for (const failure of failed) log.warn({ file: failure.file, reason: failure.reason }, 'backups: sweeping failed for a file');
    return { removed, failed };
  }

  private async sweepFolder(folder: string, oldest: number, removed: string[], failed: { file: string; reason: string }[]): Promise<void> {
    let dirents: Dirent[];
    try {
      dirents = await readdir(join(this.options.rootDir, folder), { withFileTypes: true });
    } catch (err) {
      // no backup taken yet: nothing to sweep
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      failed.push({ file: folder, reason: reasonOf(err) });
      return;
    }
    for (const dirent of dirents) {
      const file = posix.join(folder, dirent.name);
      // links are never followed: the sweeper only ever removes what lies inside the backup folder
      if (dirent.isDirectory()) await this.sweepFolder(file, oldest, removed, failed);
      else if (dirent.isFile()) {
        try {
          if ((await this.timeOf(file, dirent.name)) < oldest) {
            await rm(join(this.options.rootDir, file), { force: true });
            removed.push(file);
          }
        } catch (err) {
          failed.push({ file, reason: reasonOf(err) });
        }
      }
    }
  }

  private async timeOf(file: string, name: string): Promise<number> {
    return stampOf(name) ?? (await stat(join(this.options.rootDir, file))).mtimeMs;
  }
}
