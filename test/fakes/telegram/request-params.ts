/**
 * Reads a Bot API call's parameters the ways Telegram accepts them: the query string, a JSON body or form
 * fields (whose object values arrive JSON-encoded). Multipart uploads are not supported by the fake.
 */
import type { IncomingMessage } from 'node:http';

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

async function bodyText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The call's parameters; throws with a readable reason when the body cannot be read. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params = fields(url.searchParams);
  const text = await bodyText(req);
  if (text.trim() === '') return params;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the JSON body is not an object');
    return { ...params, ...(parsed as Record<string, unknown>) };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return { ...params, ...fields(new URLSearchParams(text)) };
  throw new Error(`content type "${type}" is not supported by the fake`);
}
