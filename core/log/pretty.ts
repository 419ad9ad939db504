/**
 * Log lines for a person at a terminal: `14:02:07 INFO  listening  host=127.0.0.1 port=3030 …` — the time, the
 * level (coloured), the message and the other fields as key=value, instead of pino's JSON. The file log and a
 * stdout that is not a terminal (a process manager, a pipe) keep JSON (`[logging] format`).
 */
import type { DestinationStream } from 'pino';

/** `[logging] format`: pretty on a terminal and JSON otherwise (auto), or always one of them */
export type LogFormat = 'auto' | 'json' | 'pretty';

const LEVEL_COLOURS: Readonly<Record<string, string>> = {
  silly: '\x1b[90m',
  debug: '\x1b[90m',
  verbose: '\x1b[36m',
  info: '\x1b[32m',
  warn: '\x1b[33m',
  error: '\x1b[31m',
  fatal: '\x1b[35m',
};
const RESET = '\x1b[0m';
/** fields every line has, shown in their own places or not at all */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'service']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

function clock(time: unknown): string {
  const date = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date();
  return Number.isNaN(date.getTime()) ? String(time) : date.toTimeString().slice(0, 8);
}

/** One JSON log line as a readable line (a line that is not JSON comes back as it is). */
export function prettyLine(json: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return json;
    entry = parsed as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = String(entry['level'] ?? '');
  const label = level.toUpperCase().padEnd(7);
  const shownLevel = colour ? `${LEVEL_COLOURS[level] ?? ''}${label}${RESET}` : label;
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${valueText(value)}`)
    .join(' ');
  return `${clock(entry['time'])} ${shownLevel} ${String(entry['msg'] ?? '')}${fields ? `  ${fields}` : ''}\n`;
}

/** A pino destination writing readable lines to `out`. */
export function prettyDestination(out: NodeJS.WritableStream, colour: boolean): DestinationStream {
  return {
    write(chunk: string): void {
      for (const line of chunk.split('\n')) if (line !== '') out.write(prettyLine(line, colour));
    },
  };
}

/** Whether stdout gets readable lines: `pretty`, or `auto` on a terminal. */
export function wantsPretty(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}
