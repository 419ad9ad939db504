/**
 * Structured logging (pino) with the operator's levels: silly < debug < verbose < info < warn (< error < fatal).
 * Lines go to stdout and, when enabled, to a rotated file.
 */
import { pino, type DestinationStream, type Logger as PinoLogger, type StreamEntry } from 'pino';
import { openRotatingFile, type RotatingFile, type RotationOptions } from './rotating-file.ts';

export type LogLevelName = 'silly' | 'debug' | 'verbose' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
export type Logger = PinoLogger<'silly' | 'verbose'>;

const CUSTOM_LEVELS = { silly: 5, verbose: 25 } as const;

export interface LoggerOptions {
  readonly level: LogLevelName;
  /** rotated file output; null = stdout only */
  readonly file: RotationOptions | null;
  readonly rootDir: string;
  /** replaces stdout (tests) */
  readonly destination?: DestinationStream;
}

export interface LoggerHandle {
  readonly logger: Logger;
  close(): Promise<void>;
}

export function createLogger(options: LoggerOptions): LoggerHandle {
  const streams: StreamEntry<string>[] = [{ level: 'silly', stream: options.destination ?? pino.destination({ dest: 1, sync: false }) }];
  let file: RotatingFile | null = null;
  if (options.file) {
    file = openRotatingFile(options.file, options.rootDir);
    streams.push({ level: 'silly', stream: file.stream });
  }
  const logger = pino<'silly' | 'verbose'>(
    {
      level: options.level,
      customLevels: CUSTOM_LEVELS,
      base: { service: 'lookout' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(streams, { levels: { ...pino.levels.values, ...CUSTOM_LEVELS } }),
  );
  return {
    logger,
    close: async () => {
      logger.flush();
      await file?.close();
    },
  };
}

/** A logger that writes nothing (tests, tools). */
export function silentLogger(): Logger {
  return pino<'silly' | 'verbose'>({ level: 'silent', customLevels: CUSTOM_LEVELS });
}
