/**
 * A real pino logger whose lines are kept in memory, for asserting on structured logs.
 */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../core/log/logger.ts';

export interface CapturedLog {
  readonly log: Logger;
  readonly lines: Record<string, unknown>[];
  find(msg: string | RegExp): Record<string, unknown> | undefined;
}

export function captureLog(level: 'silly' | 'debug' | 'verbose' | 'info' | 'warn' = 'silly'): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const { logger } = createLogger({ level, file: null, rootDir: process.cwd(), destination });
  return {
    log: logger,
    lines,
    find: (msg) => lines.find((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(String(l.msg)))),
  };
}
