/**
 * Structured logging (pino) with the operator's levels: silly < debug < verbose < info < warn (< error < fatal).
 * Lines go to stdout (readable on a terminal, JSON otherwise: pretty.ts) and, when enabled, to a rotated file (JSON).
 */
import { pino, type DestinationStream, type Logger as PinoLogger, type StreamEntry } from 'pino';
import { prettyDestination, wantsPretty, type LogFormat } from './pretty.ts';
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
  /** stdout's format ([logging] format; default auto: readable on a terminal, JSON otherwise); the file is always JSON */
  readonly format?: LogFormat;
}

function stdoutDestination(format: LogFormat): DestinationStream {
  if (wantsPretty(format, process.stdout.isTTY === true)) return prettyDestination(process.stdout, process.stdout.isTTY === true && !process.env['NO_COLOR']);
  return pino.destination({ dest: 1, sync: false });
}

export interface LoggerHandle {
  readonly logger: Logger;
  close(): Promise<void>;
}

export function createLogger(options: LoggerOptions): LoggerHandle {
  const streams: StreamEntry<string>[] = [{ level: 'silly', stream: options.destination ?? stdoutDestination(options.format ?? 'auto') }];
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
