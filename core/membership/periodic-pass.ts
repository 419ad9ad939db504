/**
 * A periodic full pass (a platform's membership check over every registered user) that survives restarts: when
 * each pass last finished is kept in `config/.cache/membership-passes.json`, so a restart waits for the rest of
 * the interval instead of starting a pass at once (or never). Passes never overlap; a failing pass is logged and
 * the next one is due an interval later. The timer does not keep the process alive.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';

export const PASS_FILE = 'config/.cache/membership-passes.json';
const HOUR_MS = 3_600_000;

export interface PeriodicPassOptions {
  /** the key in the file, e.g. `discord` */
  readonly name: string;
  readonly intervalHours: number;
  readonly rootDir: string;
  run(): Promise<void>;
  readonly log: Logger;
  readonly now?: () => number;
}

export interface PeriodicPass {
  start(): Promise<void>;
  stop(): void;
  /** runs a pass now (or joins the one running) */
  runNow(): Promise<void>;
}

async function readPasses(path: string): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function writePass(path: string, name: string, at: Date): Promise<void> {
  const passes = { ...(await readPasses(path)), [name]: at.toISOString() };
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(passes, null, 2)}\n`);
  await rename(temp, path);
}

/** When the next pass is due: the interval after the last one, or now when there was none. */
export function nextPassDelay(lastIso: string | undefined, intervalMs: number, now: number): number {
  const last = lastIso === undefined ? Number.NaN : Date.parse(lastIso);
  if (!Number.isFinite(last)) return 0;
  return Math.max(0, Math.min(intervalMs, last + intervalMs - now));
}

export function createPeriodicPass(options: PeriodicPassOptions): PeriodicPass {
  const path = join(options.rootDir, PASS_FILE);
  const intervalMs = Math.max(1, options.intervalHours) * HOUR_MS;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => void runNow().finally(() => schedule(intervalMs)), delay);
    timer.unref();
  };

  const pass = async (): Promise<void> => {
    const started = now();
    try {
      await options.run();
      options.log.info({ pass: options.name, seconds: Math.round((now() - started) / 100) / 10 }, 'membership: full pass done');
    } catch (err) {
      options.log.warn({ pass: options.name, reason: describeError(err) }, 'membership: full pass failed; the next one is due an interval later');
    }
    try {
      await writePass(path, options.name, new Date(now()));
    } catch (err) {
      options.log.warn({ pass: options.name, reason: describeError(err) }, 'membership: could not record the pass time');
    }
  };

  const runNow = (): Promise<void> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    async start() {
      stopped = false;
      const passes = await readPasses(path);
      schedule(nextPassDelay(passes[options.name], intervalMs, now()));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    runNow,
  };
}
