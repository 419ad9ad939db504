/**
 * A stand-in tile server cache on 127.0.0.1 for the geofence map tests: records every pre-generation POST
 * (template and JSON variables), answers it as `mode` says (an image id, an HTTP error, or never), and
 * serves a small PNG at /staticmap/pregenerated/<id>; /big.png, /page.html and /slow.png misbehave (set
 * `imageAt` to one of them and the pre-generation answers with that URL).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TileMode = 'ok' | 'error' | 'hang' | 'html';

export interface Pregeneration {
  readonly template: string;
  readonly query: URLSearchParams;
  readonly variables: Record<string, unknown>;
}

export interface FakeTileServer {
  readonly url: string;
  readonly posts: Pregeneration[];
  mode: TileMode;
  /** a path on this server the pre-generation answers with (as a full URL) instead of an image id */
  imageAt: string | null;
  close(): Promise<void>;
}

/** the 8-byte PNG signature plus a few bytes: what the image answers carry */
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
}

function image(res: ServerResponse, bytes: Buffer): void {
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
  res.end(bytes);
}

export async function fakeTileServer(): Promise<FakeTileServer> {
  const state: { mode: TileMode; imageAt: string | null; base: string } = { mode: 'ok', imageAt: null, base: '' };
  const posts: Pregeneration[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const template = /^\/staticmap\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'POST' && template) {
      posts.push({ template, query: url.searchParams, variables: JSON.parse(body) as Record<string, unknown> });
      if (state.mode === 'hang') return;
      if (state.mode === 'error') return void res.writeHead(500).end('render failed');
      if (state.mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
      const answer = state.imageAt === null ? `img-${posts.length}` : `${state.base}${state.imageAt}`;
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
    }
    if (url.pathname.startsWith('/staticmap/pregenerated/')) return image(res, PNG_BYTES);
    if (url.pathname === '/big.png') return image(res, Buffer.alloc(64 * 1024, 7));
    if (url.pathname === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (url.pathname === '/slow.png') return;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.base = `http://127.0.0.1:${port}`;
  return {
    url: state.base,
    posts,
    get mode() {
      return state.mode;
    },
    set mode(mode: TileMode) {
      state.mode = mode;
    },
    get imageAt() {
      return state.imageAt;
    },
    set imageAt(path: string | null) {
      state.imageAt = path;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
