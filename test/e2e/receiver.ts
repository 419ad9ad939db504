/**
 * A local HTTP server standing in for Discord webhook URLs: records every POST (path + JSON body) and answers
 * 204 like Discord does (`?wait=true` gets a message object).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  readonly path: string;
  readonly body: { content?: string; embeds?: { title?: string; description?: string; color?: number; thumbnail?: { url: string } }[] };
}

export interface Receiver {
  readonly baseUrl: string;
  readonly posts: ReceivedPost[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  let seq = 0;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      posts.push({ path: url.pathname, body: JSON.parse(data || '{}') as ReceivedPost['body'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: String(++seq) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** the whole visible text of a received message (content, titles, descriptions) */
export function textOf(post: ReceivedPost): string {
  return [post.body.content ?? '', ...(post.body.embeds ?? []).flatMap((e) => [e.title ?? '', e.description ?? ''])].join('\n');
}
