/**
 * Reads webhook log files line by line, streaming (a rotated log can be large): plain files and the gzip files
 * rotation writes when [webhookLogging] compress is on (recognised by their first bytes, whatever their name).
 * Every line comes out as a batch or as a bad line naming the file and line; a file that cannot be opened, or
 * breaks off (a truncated .gz), ends with an `unreadable` record instead of an exception.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parseLogLine, type LoggedBatch } from './log-line.ts';

export type LogRecord =
  | { readonly kind: 'batch'; readonly file: string; readonly line: number; readonly batch: LoggedBatch }
  | { readonly kind: 'bad-line'; readonly file: string; readonly line: number; readonly reason: string }
  | { readonly kind: 'unreadable'; readonly file: string; readonly line: number; readonly reason: string };

const GZIP_MAGIC = [0x1f, 0x8b] as const;

function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}

/** Whether the file starts with the gzip magic bytes. */
async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

async function textStream(file: string): Promise<Readable> {
  const gzip = await isGzip(file);
  const source = createReadStream(file);
  if (!gzip) {
    source.setEncoding('utf8');
    return source;
  }
  const gunzip = createGunzip();
  pipeline(source, gunzip, () => {
    // an error of either side destroys gunzip with it, which ends the iteration below with that error
  });
  gunzip.setEncoding('utf8');
  return gunzip;
}

/** The records of one file, in file order. */
export async function* readLogFile(file: string): AsyncGenerator<LogRecord> {
  let stream: Readable;
  try {
    stream = await textStream(file);
  } catch (err) {
    yield { kind: 'unreadable', file, line: 0, reason: `cannot be read: ${reasonOf(err)}` };
    return;
  }
  let line = 0;
  let rest = '';
  const recordOf = (text: string): LogRecord | null => {
    line++;
    const parsed = parseLogLine(text);
    if (parsed === null) return null;
    return parsed.ok ? { kind: 'batch', file, line, batch: parsed.batch } : { kind: 'bad-line', file, line, reason: parsed.reason };
  };
  try {
    for await (const chunk of stream) {
      rest += chunk as string;
      let start = 0;
      for (let at = rest.indexOf('\n'); at >= 0; at = rest.indexOf('\n', start)) {
        const record = recordOf(rest.slice(start, at));
        start = at + 1;
        if (record) yield record;
      }
      rest = rest.slice(start);
    }
  } catch (err) {
    yield { kind: 'unreadable', file, line: 0, reason: `breaks off after line ${line}: ${reasonOf(err)}` };
    return;
  } finally {
    stream.destroy();
  }
  // the live file's last line may still be being written: it is read like any other, and is bad if cut short
  const last = recordOf(rest);
  if (last) yield last;
}

/** The receive time of the first readable line of a file (unix ms), or null when it has none or cannot be read. */
export async function firstReceivedAt(file: string): Promise<number | null> {
  for await (const record of readLogFile(file)) {
    if (record.kind === 'batch') return record.batch.receivedAt;
    if (record.kind === 'unreadable') return null;
  }
  return null;
}
