/**
 * A local UICONS repository for the icon tests: serves `/<name>/index.json` from a mutable table on
 * 127.0.0.1 (port 0) and counts the requests it answered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  readonly status: number;
  readonly body: string;
}

export interface IndexServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** what `/<repo>/index.json` answers next */
  set(repo: string, reply: Reply | unknown): void;
  /** answered requests per path */
  hits(path: string): number;
  /** resolves once `path` has been answered `count` times in total */
  answered(path: string, count: number): Promise<void>;
  close(): Promise<void>;
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

export async function startIndexServer(): Promise<IndexServer> {
  const replies = new Map<string, Reply>();
  const counts = new Map<string, number>();
  const waiters: { path: string; count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const reply = replies.get(path) ?? { status: 404, body: 'not found' };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body, () => {
      counts.set(path, (counts.get(path) ?? 0) + 1);
      for (const w of waiters.filter((w) => w.path === path && (counts.get(path) ?? 0) >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(repo, reply) {
      replies.set(`/${repo}/index.json`, isReply(reply) ? reply : { status: 200, body: JSON.stringify(reply) });
    },
    hits: (path) => counts.get(path) ?? 0,
    answered(path, count) {
      if ((counts.get(path) ?? 0) >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits (yielding to the event loop) until `condition` holds; fails after `maxTurns` turns instead of hanging. */
export async function eventually(condition: () => boolean, maxTurns = 2000): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('condition never held');
}

/** A small UICONS index in the shape the repositories publish. */
export function sampleIndex(ext = 'png'): Record<string, unknown> {
  const f = (names: string[]) => names.map((n) => `${n}.${ext}`);
  return {
    pokemon: f(['0', '1', '1_f163', '1_f163_s', '25', '25_s', '25_c5', '25_f598_c27', '26_f50', '3_e1', '3_e1_s', '382_e4']),
    gym: f(['0', '1', '1_t3', '2', '2_b', '3']),
    pokestop: f(['0', '0_i', '0_q', '501', '501_q', '0_ar']),
    invasion: f(['0', '4', '49']),
    raid: { egg: f(['0', '5', '5_h', '1_ex']) },
    reward: {
      item: f(['0', '1', '1_a5', '701']),
      stardust: f(['0', '500', '1500']),
      candy: f(['0', '25', '25_a3']),
      mega_resource: f(['0', '3']),
      '0': '0.png',
    },
    type: f(['1', '12']),
    weather: f(['1', '2']),
    team: f(['0', '1', '2', '3']),
    nest: f(['0', '12']),
  };
}
