/**
 * A webhook target that is slow and can be made to refuse: a local HTTP server standing in for Discord webhook
 * URLs that records every POST as it arrives (path and body), then answers after `delayMs` (204), or with a 429 and
 * Retry-After while `rateLimited` is on. What reached the target is what a user would have seen.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TargetPost {
  readonly path: string;
  readonly text: string;
}

export interface SlowTarget {
  readonly baseUrl: string;
  /** every POST that arrived (429-answered ones excluded) */
  readonly posts: TargetPost[];
  /** answer 429 with this Retry-After (seconds) instead of delivering; null = deliver */
  rateLimitSeconds: number | null;
  /** how many 429 answers were given */
  readonly refusals: number;
  hookUrl(name: string): string;
  close(): Promise<void>;
}

export async function startSlowTarget(delayMs: number): Promise<SlowTarget> {
  let refusals = 0;
  const target = {
    baseUrl: '',
    posts: [] as TargetPost[],
    rateLimitSeconds: null as number | null,
    get refusals() {
      return refusals;
    },
    hookUrl: (name: string) => `${target.baseUrl}/hooks/${name}`,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      if (target.rateLimitSeconds !== null) {
        refusals++;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(target.rateLimitSeconds) });
        res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: target.rateLimitSeconds, global: false }));
        return;
      }
      target.posts.push({ path: new URL(req.url ?? '/', 'http://localhost').pathname, text: data });
      setTimeout(() => {
        res.writeHead(204);
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  target.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return target;
}

/** (target path, despawn timestamp) of each post: which user got which event's alert */
export function deliveries(posts: readonly TargetPost[]): string[] {
  return posts.map((p) => `${p.path} ${/<t:(\d+):R>/.exec(p.text)?.[1] ?? '?'}`);
}
