/**
 * A TCP proxy a test owns, to cut a database on purpose: it listens on 127.0.0.1 (a free port) and forwards every
 * connection to the target (MariaDB at 127.0.0.1:3306 by default); `cut()` destroys every open connection and
 * refuses new ones until `restore()`.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  /** destroys every forwarded connection (both ends) and refuses new ones until restore() */
  cut(): void;
  /** accepts and forwards new connections again */
  restore(): void;
  /** how many client connections are being forwarded now */
  openConnections(): number;
  close(): Promise<void>;
}

export interface TcpProxyTarget {
  readonly host: string;
  readonly port: number;
}

function pipeBoth(client: Socket, upstream: Socket, forget: () => void): void {
  client.pipe(upstream);
  upstream.pipe(client);
  const end = (): void => {
    client.destroy();
    upstream.destroy();
    forget();
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
}

/** Starts a proxy to `target`; resolves once it listens. */
export async function startTcpProxy(target: TcpProxyTarget = { host: '127.0.0.1', port: 3306 }): Promise<TcpProxy> {
  const pairs = new Set<readonly [Socket, Socket]>();
  let refusing = false;
  const server: Server = createServer((client) => {
    // a cut database: the connection is accepted by the kernel but dropped at once (a reset), as a dead server's would be
    if (refusing) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const pair = [client, upstream] as const;
    pairs.add(pair);
    pipeBoth(client, upstream, () => pairs.delete(pair));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: no port bound');
  const cut = (): void => {
    refusing = true;
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    host: '127.0.0.1',
    port: address.port,
    cut,
    restore: () => void (refusing = false),
    openConnections: () => pairs.size,
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
