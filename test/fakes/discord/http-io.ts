/**
 * HTTP plumbing of the fake's REST side: reads a request body as Discord accepts it (JSON, or multipart with a
 * `payload_json` part and file parts `files[n]`), and writes JSON answers. A body that cannot be read is Discord's
 * 400 50109.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DISCORD_ERRORS, FakeApiError } from './errors.ts';

const MAX_BODY_BYTES = 8 * 1024 * 1024;

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new FakeApiError({ status: 413, code: 40005, message: 'Request entity too large' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FakeApiError(DISCORD_ERRORS.invalidJson);
  }
}

/** A file part of a multipart request, as it arrived. */
export interface UploadedFile {
  /** the form field, `files[0]` for a bot's message */
  readonly field: string;
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** The body as read: the JSON (of `payload_json` for a multipart body) and the files that came with it. */
export interface RequestBody {
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
}

async function parseMultipart(bytes: Buffer, contentType: string): Promise<RequestBody> {
  let form: FormData;
  try {
    form = await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes }).formData();
  } catch {
    throw new FakeApiError(DISCORD_ERRORS.invalidJson);
  }
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') continue;
    files.push({ field, name: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  const payload = form.get('payload_json');
  return { body: typeof payload === 'string' ? parseJson(payload) : {}, files };
}

/** The request body: parsed JSON, or a multipart body's `payload_json` and files; body undefined when there is none. */
export async function readBody(req: IncomingMessage): Promise<RequestBody> {
  const bytes = await readBytes(req);
  if (bytes.length === 0) return { body: undefined, files: [] };
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(bytes, contentType);
  return { body: parseJson(bytes.toString('utf8')), files: [] };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status === 200 ? 204 : status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
