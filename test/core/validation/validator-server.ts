/**
 * A local validation hook for tests: a real HTTP server that records each request body and answers it as the test's
 * `answer` says: a JSON value (allow / deny), a raw status and text, or never (until the server closes).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = { readonly json: unknown } | { readonly status: number; readonly text: string } | 'hang';

export interface ValidatorServer {
  readonly url: string;
  /** the request bodies received, parsed */
  readonly requests: Record<string, unknown>[];
  /** the most calls in flight at once */
  readonly peak: number;
  close(): Promise<void>;
}

export async function startValidatorServer(answer: (body: Record<string, unknown>) => Answer): Promise<ValidatorServer> {
  const requests: Record<string, unknown>[] = [];
  const hanging: ServerResponse[] = [];
  let inFlight = 0;
  let peak = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      requests.push(body);
      const reply = answer(body);
      if (reply === 'hang') {
        hanging.push(res);
        return;
      }
      // answered on the next turn, so calls of one event overlap as far as the cap lets them
      setImmediate(() => {
        inFlight--;
        if ('json' in reply) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
        else res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/validate`,
    requests,
    get peak() {
      return peak;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
