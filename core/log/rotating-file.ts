/**
 * A log file rotated by size (MB), optionally by interval (minutes), keeping at most `maxBackups` rotated files,
 * none older than `maxAgeDays`, gzip-compressed when asked. Used for logs/processor.log and logs/webhooks.log.
 */
import { mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

export interface RotationOptions {
  readonly filename: string;
  readonly maxSizeMb: number;
  readonly maxAgeDays: number;
  readonly maxBackups: number;
  readonly compress: boolean;
  /** 0 = rotate by size only */
  readonly rotateIntervalMinutes?: number;
}

export interface RotatingFile {
  readonly stream: RotatingFileStream;
  readonly path: string;
  close(): Promise<void>;
}

const MINUTE_STEPS = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60] as const;
const HOUR_STEPS = [1, 2, 3, 4, 6, 8, 12, 24] as const;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The library accepts only divisors of an hour or a day; pick the nearest interval not longer than asked. */
export function intervalFor(minutes: number): string | undefined {
  if (!minutes || minutes <= 0) return undefined;
  if (minutes < 60) return `${[...MINUTE_STEPS].reverse().find((m) => m <= minutes) ?? 1}m`;
  if (minutes < 24 * 60) return `${[...HOUR_STEPS].reverse().find((h) => h * 60 <= minutes) ?? 1}h`;
  return `${Math.floor(minutes / (24 * 60))}d`;
}

function stamp(time: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}${p(time.getMonth() + 1)}${p(time.getDate())}-${p(time.getHours())}${p(time.getMinutes())}${p(time.getSeconds())}`;
}

/** Rotated files are named `<name>.<YYYYMMDD-HHMMSS>.<n><ext>[.gz]` next to the live file. */
function rotatedNamePrefix(file: string): string {
  const ext = extname(file);
  return `${basename(file, ext)}.`;
}

/** Removes rotated files of `file` older than `maxAgeDays`. Returns how many were removed. */
export function sweepOldRotations(file: string, maxAgeDays: number, now = Date.now()): number {
  if (maxAgeDays <= 0) return 0;
  const dir = dirname(file);
  const prefix = rotatedNamePrefix(file);
  const live = basename(file);
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (name === live || !name.startsWith(prefix)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > maxAgeDays * 86_400_000) {
        unlinkSync(path);
        removed++;
      }
    } catch {
      // a file rotated away under us is not an error
    }
  }
  return removed;
}

export function openRotatingFile(options: RotationOptions, rootDir: string): RotatingFile {
  const path = resolve(rootDir, options.filename);
  mkdirSync(dirname(path), { recursive: true });
  const ext = extname(path);
  const base = basename(path, ext);
  const generator = (time: number | Date, index?: number): string => {
    if (!time) return basename(path);
    const date = typeof time === 'number' ? new Date(time) : time;
    return `${base}.${stamp(date)}.${index ?? 1}${ext}${options.compress ? '.gz' : ''}`;
  };
  const interval = intervalFor(options.rotateIntervalMinutes ?? 0);
  const stream = createStream(generator, {
    path: dirname(path),
    size: `${Math.max(1, Math.round(options.maxSizeMb))}M`,
    ...(interval ? { interval } : {}),
    maxFiles: Math.max(1, options.maxBackups),
    compress: options.compress ? 'gzip' : false,
    history: `.${basename(path)}.history`,
  });
  const sweeper = setInterval(() => sweepOldRotations(path, options.maxAgeDays), SWEEP_EVERY_MS);
  sweeper.unref();
  sweepOldRotations(path, options.maxAgeDays);
  return {
    stream,
    path,
    close: () =>
      new Promise<void>((done) => {
        clearInterval(sweeper);
        if (stream.destroyed || stream.writableFinished) return done();
        stream.once('finish', () => done());
        stream.end();
      }),
  };
}
