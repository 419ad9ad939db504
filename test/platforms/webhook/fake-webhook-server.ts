/**
 * A local stand-in for a Discord webhook endpoint (127.0.0.1, port 0): records each request and answers
 * from a script, one reply per request in order (then 200 with a message id). A reply may hang to test timeouts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly contentType: string | undefined;
  readonly json: unknown;
}

export type Reply = { readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown } | 'hang';

export interface FakeWebhookServer {
  readonly url: string;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, reply: Exclude<Reply, 'hang'>): void {
  const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(text);
}

export async function startFakeWebhook(script: readonly Reply[] = []): Promise<FakeWebhookServer> {
  const received: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      const reply = script[received.length] ?? { status: 200, body: { id: `msg-${received.length + 1}` } };
      received.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], json });
      if (reply === 'hang') hanging.push(res);
      else send(res, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/123456789012345678/token-abc`,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
