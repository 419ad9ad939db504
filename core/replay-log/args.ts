/**
 * The command line of `npm run replay`, as a pure function from argv to options or the problem to print with
 * the usage.
 */
import { parseArgs } from 'node:util';
import { parseSpeed } from './pacing.ts';
import { parseTimeBound, type TimeWindow } from './time-window.ts';

export const USAGE = `usage: npm run replay -- <webhook log file>… --target <url> [options]
  --target <url>        where to POST the batches (a Lookout: http://127.0.0.1:3030/)
  --speed <n>|0|max     pacing: 1 as logged (default), 2 twice as fast, 0 or max as fast as the target answers
  --from <time>         replay only batches received at or after this time (ISO 8601 or unix seconds)
  --to <time>           … and at or before this time
  --secret <secret>     send it as the X-Service-Secret header
  --config <file>       read the secret from a config.toml ([processor] api_secret) when --secret is not given
  --concurrency <n>     requests in flight at most (default 4)
  --timeout <s>         seconds to wait for each answer (default 30)
  --json <file>         also write the report as JSON`;

export interface ReplayArguments {
  readonly files: readonly string[];
  readonly target: string;
  readonly speed: number;
  readonly window: TimeWindow;
  readonly secret: string | null;
  readonly configFile: string | null;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly json: string | null;
}

export type ParsedReplayArguments = { readonly ok: true; readonly args: ReplayArguments } | { readonly ok: false; readonly error: string };

/** the target as a URL, or why it is not one we can post to */
export function checkTarget(raw: string): string | { readonly error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `--target must be an http(s) URL such as http://127.0.0.1:3030/ (got "${raw}")` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--target must be an http(s) URL (got ${url.protocol} in "${raw}")` };
  return url.href;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${raw}")`);
  return n;
}

function bound(name: string, raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const at = parseTimeBound(raw);
  if (typeof at === 'string') throw new Error(`--${name}: ${at}`);
  return at;
}

export function parseReplayArguments(argv: readonly string[]): ParsedReplayArguments {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        target: { type: 'string' },
        speed: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        secret: { type: 'string' },
        config: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'string' },
      },
    });
    if (positionals.length === 0) throw new Error('no webhook log file given');
    if (values.target === undefined) throw new Error('--target is missing');
    const target = checkTarget(values.target);
    if (typeof target !== 'string') throw new Error(target.error);
    const speed = values.speed === undefined ? 1 : parseSpeed(values.speed);
    if (typeof speed === 'string') throw new Error(speed);
    const window = { from: bound('from', values.from), to: bound('to', values.to) };
    if (window.from !== null && window.to !== null && window.to < window.from) throw new Error('--to is before --from');
    const timeoutS = values.timeout === undefined ? 30 : Number(values.timeout);
    if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new Error(`--timeout must be a positive number of seconds (got "${values.timeout}")`);
    return {
      ok: true,
      args: {
        files: positionals,
        target,
        speed,
        window,
        secret: values.secret ?? null,
        configFile: values.config ?? null,
        concurrency: positiveInteger('concurrency', values.concurrency, 4),
        timeoutMs: timeoutS * 1000,
        json: values.json ?? null,
      },
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
