/**
 * Reads a Bot API call's parameters the ways Telegram accepts them: the query string, a JSON body, form fields
 * (whose object values arrive JSON-encoded) or a multipart upload, whose file parts replace the `attach://<name>`
 * values that name them (a file part under a parameter's own name is that parameter).
 */
import type { IncomingMessage } from 'node:http';
import type { UploadedFile } from './types.ts';

/** A form or query value: JSON-encoded objects and arrays are decoded, anything else stays a string. */
function decodeField(value: string): unknown {
  if (!/^[[{]/.test(value.trim())) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function fields(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of search) out[key] = decodeField(value);
  return out;
}

async function bodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function multipartFields(bytes: Buffer, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes }).formData();
  const out: Record<string, unknown> = {};
  const files = new Map<string, UploadedFile>();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out[name] = decodeField(value);
    else files.set(name, { filename: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  for (const [key, value] of Object.entries(out)) {
    const attached = typeof value === 'string' && value.startsWith('attach://') ? files.get(value.slice('attach://'.length)) : undefined;
    if (attached) out[key] = attached;
  }
  for (const [name, file] of files) if (!(name in out)) out[name] = file;
  return out;
}

/** The call's parameters; throws with a readable reason when the body cannot be read. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params = fields(url.searchParams);
  const bytes = await bodyBytes(req);
  const text = bytes.toString('utf8');
  if (text.trim() === '') return params;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return { ...params, ...(await multipartFields(bytes, req.headers['content-type']!)) };
  if (type.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the JSON body is not an object');
    return { ...params, ...(parsed as Record<string, unknown>) };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return { ...params, ...fields(new URLSearchParams(text)) };
  throw new Error(`content type "${type}" is not supported by the fake`);
}
