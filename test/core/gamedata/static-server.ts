/**
 * A local HTTP server over a directory, standing in for the public game data hosts. `mode` switches it to
 * answering 500 or to never answering (timeouts); `requests` records the paths asked for.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';

export type ServerMode = 'ok' | 'error' | 'hang';

export interface StaticServer {
  readonly baseUrl: string;
  readonly requests: string[];
  mode: ServerMode;
  /** path → body served instead of the file */
  readonly overrides: Map<string, string>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export async function serveDirectory(root: string): Promise<StaticServer> {
  const state = { mode: 'ok' as ServerMode };
  const requests: string[] = [];
  const overrides = new Map<string, string>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (state.mode === 'hang') return;
    if (state.mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    const override = overrides.get(path);
    if (override !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(override);
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    overrides,
    get mode() {
      return state.mode;
    },
    set mode(m: ServerMode) {
      state.mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on a port nothing listens on (connection refused). */
export async function deadBaseUrl(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
