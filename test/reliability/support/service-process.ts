/**
 * The real service (`core/main.ts`, as `npm start` runs it) in a child process, for tests that kill it: a config
 * file written for it (the given database, a local geofence, no downloads, structured logs on stdout), the port it
 * listens on, its log lines, and signals. The database is prepared and seeded by the test before the start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DbOptions } from '../../../core/db/connect.ts';
import { FENCES } from '../../e2e/harness.ts';

const REPO = resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;

export interface ServiceConfig {
  readonly db: DbOptions;
  /** [tuning] stop_grace_secs */
  readonly stopGraceSecs?: number;
  /** extra TOML appended as is */
  readonly extraToml?: string;
}

export interface ServiceProcess {
  readonly port: number;
  /** every JSON log line so far */
  readonly lines: Record<string, unknown>[];
  post(items: readonly unknown[]): Promise<Response>;
  signal(signal: NodeJS.Signals): void;
  /** kills it (SIGKILL) unless it has exited; for `finally` blocks */
  ensureStopped(): Promise<void>;
  /** resolves when the process has exited */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** the first log line with this message, waiting for it up to `timeoutMs` */
  waitForLine(msg: string | RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
}

function databaseToml(db: DbOptions): string {
  if (db.client === 'sqlite') return `[database]\nclient = "sqlite"\nfilename = ${JSON.stringify(db.filename)}\n`;
  return `[database]\nclient = "mysql"\nhost = ${JSON.stringify(db.host)}\nport = ${db.port}\nuser = ${JSON.stringify(db.user)}\npassword = ${JSON.stringify(db.password)}\ndatabase = ${JSON.stringify(db.database)}\n`;
}

/** writes `<dir>/config.toml` (and the geofence it names) and returns its path */
export function writeServiceConfig(dir: string, o: ServiceConfig): string {
  const fences = join(dir, 'geofence.json');
  writeFileSync(fences, JSON.stringify(FENCES));
  const file = join(dir, 'config.toml');
  writeFileSync(
    file,
    [
      '[processor]\nhost = "127.0.0.1"\nport = 0\n',
      databaseToml(o.db),
      `[geofence]\npaths = [${JSON.stringify(fences)}]\n`,
      '[general]\nimg_url = ""\nsticker_url = ""\n',
      '[logging]\nlevel = "info"\nfile_logging_enabled = false\n',
      '[resources]\nmasterfile_url = "http://127.0.0.1:9/master.json"\ninvasions_url = "http://127.0.0.1:9/grunts.json"\nlocales_url = "http://127.0.0.1:9/locales"\n',
      '[alert_limits]\ndm_limit = 0\nchannel_limit = 0\n',
      `[tuning]\nstop_grace_secs = ${o.stopGraceSecs ?? 30}\nreload_interval_secs = 3600\n`,
      o.extraToml ?? '',
    ].join('\n'),
  );
  return file;
}

export async function startServiceProcess(configFile: string): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'core/main.ts'], {
    cwd: REPO,
    env: { ...process.env, LOOKOUT_CONFIG: configFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const watchers: (() => void)[] = [];
  let stderr = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.trim()) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ msg: line });
      }
    }
    for (const wake of watchers.splice(0)) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.on('exit', (code, signal) => {
      for (const wake of watchers.splice(0)) wake();
      resolveExit({ code, signal });
    });
  });
  let done = false;
  void exited.then(() => (done = true));

  const matches = (msg: string | RegExp, line: Record<string, unknown>) => (typeof msg === 'string' ? line.msg === msg : msg.test(String(line.msg)));
  const waitForLine = async (msg: string | RegExp, timeoutMs = START_TIMEOUT_MS): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find((l) => matches(msg, l));
      if (found) return found;
      if (done) throw new Error(`service exited before logging ${String(msg)}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`no log line ${String(msg)} within ${timeoutMs} ms\n${stderr}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, 200);
        watchers.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  };

  let port: number;
  try {
    port = Number((await waitForLine('listening')).port);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port,
    lines,
    post: (items) => fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items) }),
    signal: (signal) => void child.kill(signal),
    async ensureStopped() {
      if (!done) child.kill('SIGKILL');
      await exited;
    },
    exited,
    waitForLine,
  };
}
