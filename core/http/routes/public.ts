/**
 * Public routes: GET /health, GET /metrics and POST / (scanner webhooks).
 */
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import type { IntakeResult } from '../../pipeline/intake.ts';

export interface PublicRouteDeps {
  readonly metrics: Metrics;
  readonly startedAt: number;
  readonly accept: (body: unknown) => Promise<IntakeResult>;
  readonly logRaw?: (ip: string, raw: string) => void;
  readonly isStopping: () => boolean;
}

export function publicRoutes(deps: PublicRouteDeps) {
  return (app: FastifyInstance): void => {
    app.get('/health', async (_req, reply) => {
      const stopping = deps.isStopping();
      return reply.code(stopping ? 503 : 200).send({ status: stopping ? 'stopping' : 'ok', webserver: stopping ? 'stopping' : 'happy', uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000) });
    });

    app.get('/metrics', async (_req, reply) => reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()));

    app.post('/', async (request, reply) => {
      if (request.rawBody !== null) deps.logRaw?.(request.ip, request.rawBody);
      const body = request.body;
      if (body === undefined) return reply.code(400).send(errorBody('empty body: send a JSON array of {type, message}'));
      if (typeof body !== 'object' || body === null) {
        deps.metrics.webhooksRejected.inc({ type: 'none', reason: 'invalid_json' });
        return reply.code(400).send(errorBody('body must be a JSON array of {type, message} objects, or one such object'));
      }
      if (deps.isStopping()) return reply.code(503).send(errorBody('the service is stopping; webhooks are not accepted'));
      const result = await deps.accept(body);
      if (result.refused > 0) {
        return reply.code(503).send({ ...errorBody(`intake queue full: ${result.refused} item(s) refused, ${result.queued} queued`), queued: result.queued, refused: result.refused });
      }
      return reply.send({ status: 'ok', webserver: 'happy', received: result.received, queued: result.queued, rejected: result.rejected.length });
    });
  };
}
