/**
 * GET|POST /api/reload: rebuild the state snapshot from the database now (for tools that edit the DB directly).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../errors.ts';

export function reloadRoutes(reloadState: () => Promise<boolean>) {
  return (api: FastifyInstance): void => {
    const handler = async (_request: unknown, reply: FastifyReply) => {
      const ok = await reloadState();
      return ok ? reply.send({ status: 'ok' }) : reply.code(503).send(errorBody('state reload failed; the previous state is still in use (see the service log)'));
    };
    api.get('/reload', handler);
    api.post('/reload', handler);
  };
}
