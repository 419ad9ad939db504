/**
 * A local HTTP server that serves one image (its bytes and content type) at `url`, answers `failingUrl` with a
 * 500, and counts the requests, for tests of platforms that download an image and upload it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ImageServer {
  /** the image: 200 with the bytes */
  readonly url: string;
  /** always 500 */
  readonly failingUrl: string;
  readonly bytes: Buffer;
  /** requests served so far, by path */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/** A tiny PNG (the signature and a few bytes; no decoder looks at it). */
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

export async function startImageServer(bytes: Buffer = PNG_BYTES, contentType = 'image/png'): Promise<ImageServer> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/map.png') {
      res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
      res.end(bytes);
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('the tile server broke');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/map.png?zoom=15`,
    failingUrl: `http://127.0.0.1:${port}/broken.png`,
    bytes,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
