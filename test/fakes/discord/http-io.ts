/**
 * HTTP plumbing of the fake's REST side: reads a request body as Discord accepts it (JSON, or multipart with a
 * `payload_json` part), and writes JSON answers. A body that cannot be read is Discord's 400 50109.
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

async function parseMultipart(bytes: Buffer, contentType: string): Promise<unknown> {
  let form: FormData;
  try {
    form = await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes }).formData();
  } catch {
    throw new FakeApiError(DISCORD_ERRORS.invalidJson);
  }
  const payload = form.get('payload_json');
  return typeof payload === 'string' ? parseJson(payload) : {};
}

/** The request body: parsed JSON, the `payload_json` of a multipart body, or undefined when there is none. */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const bytes = await readBytes(req);
  if (bytes.length === 0) return undefined;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(bytes, contentType);
  return parseJson(bytes.toString('utf8'));
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
