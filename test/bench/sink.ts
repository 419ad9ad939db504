/**
 * The local HTTP sink standing in for Discord webhook URLs during benchmarks: reads each POST body, answers
 * 204 as Discord does, and only counts (no bodies are kept, so it stays cheap at tens of thousands per second).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Sink {
  readonly baseUrl: string;
  /** POSTs answered so far */
  posts(): number;
  close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  let posts = 0;
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      if (req.method === 'POST') posts++;
      res.writeHead(204);
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    posts: () => posts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
