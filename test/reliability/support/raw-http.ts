/**
 * Sends any HTTP request a hostile client could (any method, any content type or none, a body on a GET, a path
 * the caller encoded or did not) with node's http client, and tells an answer from a connection dropped without
 * one; plus a small pool running a list of requests a few at a time.
 */
import { Agent, request } from 'node:http';

export interface RawRequest {
  readonly method: string;
  /** the request target as sent, query included (not encoded further) */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export type RawAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly text: string }
  | { readonly kind: 'dropped'; readonly error: string };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** One request to 127.0.0.1:`port`; never rejects — a request that gets no answer is `dropped`. */
export function sendRaw(port: number, r: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const body = r.body === undefined ? undefined : Buffer.from(r.body, 'utf8');
    const headers: Record<string, string | number> = { ...r.headers };
    if (body) headers['content-length'] = body.length;
    let req;
    try {
      req = request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => resolve({ kind: 'dropped', error: `response: ${err.message}` }));
      });
    } catch (err) {
      // the client itself refused the request (a target node will not send): a test bug, reported as such
      throw new Error(`node refused to send ${r.method} ${r.path.slice(0, 80)}: ${(err as Error).message}`);
    }
    req.on('error', (err) => resolve({ kind: 'dropped', error: err.message }));
    req.end(body);
  });
}

/** Runs `work` over `items` with at most `concurrency` in flight; results in the items' order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

/** A short, printable description of a request for failure messages. */
export function describeRequest(r: RawRequest): string {
  const body = r.body === undefined ? 'no body' : `body ${JSON.stringify(r.body.slice(0, 80))}${r.body.length > 80 ? `… (${r.body.length} chars)` : ''}`;
  return `${r.method} ${r.path.slice(0, 120)}${r.path.length > 120 ? '…' : ''} [${r.headers?.['content-type'] ?? 'no content-type'}] ${body}`;
}
