/**
 * Public routes: GET /health, GET /metrics and POST / (scanner webhooks, behind the IP lists).
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseProbe } from '../../db/health-probe.ts';
import { errorBody } from '../errors.ts';
import type { IpGuard } from '../server.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import type { IntakeResult } from '../../pipeline/intake.ts';

export interface PublicRouteDeps {
  readonly metrics: Metrics;
  readonly startedAt: number;
  readonly accept: (body: unknown, rawBody: string | null) => Promise<IntakeResult>;
  readonly logRaw?: (ip: string, raw: string) => void;
  readonly isStopping: () => boolean;
  /** whether the database answers (cached and bounded, see db/health-probe.ts); /health reports it as `database` */
  readonly databaseHealth?: DatabaseProbe;
  /** whether accepted webhooks are written to the journal (`off` when it is disabled); /health reports it as `journal` */
  readonly journalHealth?: () => 'ok' | 'unavailable' | 'off';
}

export function publicRoutes(deps: PublicRouteDeps) {
  return (app: FastifyInstance, ipGuard: IpGuard): void => {
    // 200 while the process is up, whether or not the database answers (that is the `database` field)
    app.get('/health', async (_req, reply) => {
      const stopping = deps.isStopping();
      const database = deps.databaseHealth ? { database: await deps.databaseHealth() } : {};
      const journal = deps.journalHealth ? { journal: deps.journalHealth() } : {};
      return reply
        .code(stopping ? 503 : 200)
        .send({ status: stopping ? 'stopping' : 'ok', webserver: stopping ? 'stopping' : 'happy', uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000), ...database, ...journal });
    });

    app.get('/metrics', async (_req, reply) => reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()));

    // on the route itself, so every request target the router sends here (`*`, `/#x`, `http://host/`…) is guarded
    const guarded: IpGuard = async (request, reply) => {
      await ipGuard(request, reply);
      if (reply.sent) deps.metrics.webhooksRejected.inc({ type: 'none', reason: 'ip_forbidden' });
    };
    app.post('/', { onRequest: guarded }, async (request, reply) => {
      if (request.rawBody !== null) deps.logRaw?.(request.ip, request.rawBody);
      const body = request.body;
      if (body === undefined) return reply.code(400).send(errorBody('empty body: send a JSON array of {type, message}'));
      if (typeof body !== 'object' || body === null) {
        deps.metrics.webhooksRejected.inc({ type: 'none', reason: 'invalid_json' });
        return reply.code(400).send(errorBody('body must be a JSON array of {type, message} objects, or one such object'));
      }
      if (deps.isStopping()) return reply.code(503).send(errorBody('the service is stopping; webhooks are not accepted'));
      const result = await deps.accept(body, request.rawBody);
      if (result.refused > 0) {
        return reply.code(503).send({ ...errorBody(`intake queue full: ${result.refused} item(s) refused, ${result.queued} queued`), queued: result.queued, refused: result.refused });
      }
      return reply.send({ status: 'ok', webserver: 'happy', received: result.received, queued: result.queued, rejected: result.rejected.length });
    });
  };
}
