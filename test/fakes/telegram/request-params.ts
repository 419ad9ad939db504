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

interface Part {
  readonly name: string;
  readonly filename?: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** `name="x"`, `name=x` (grammy writes filenames unquoted, which Telegram accepts) from a content-disposition. */
function dispositionParam(disposition: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${key}=(?:"([^"]*)"|([^;]*))`, 'i').exec(disposition);
  return match ? (match[1] ?? match[2]!.trim()) : undefined;
}

/** The parts of a multipart/form-data body, read as leniently as Telegram reads them. */
function multipartParts(bytes: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = bytes.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (bytes.subarray(start, start + 2).toString() === '--') break;
    const next = bytes.indexOf(delimiter, start);
    if (next === -1) throw new Error('the multipart body has no closing boundary');
    const part = bytes.subarray(start + 2, next - 2); // after CRLF, before the CRLF that precedes the next delimiter
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw new Error('a multipart part has no header end');
    const headers = new Map(
      part
        .subarray(0, split)
        .toString('utf8')
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) throw new Error('a multipart part has no name');
    const filename = dispositionParam(disposition, 'filename');
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), contentType: headers.get('content-type') ?? '', data: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

async function multipartFields(bytes: Buffer, contentType: string): Promise<Record<string, unknown>> {
  const boundary = dispositionParam(contentType, 'boundary');
  if (!boundary) throw new Error('the multipart content type names no boundary');
  const out: Record<string, unknown> = {};
  const files = new Map<string, UploadedFile>();
  for (const part of multipartParts(bytes, boundary)) {
    if (part.filename === undefined) out[part.name] = decodeField(part.data.toString('utf8'));
    else files.set(part.name, { filename: part.filename, contentType: part.contentType, bytes: Buffer.from(part.data) });
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
