/**
 * Assembles the HTTP server from the config and the app's parts: public routes (with the template studio page)
 * and the core /api routes.
 * Later subsystems pass their own ApiRoutes in `extraApi`.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.ts';
import type { DatabaseProbe } from '../db/health-probe.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { IntakeResult } from '../pipeline/intake.ts';
import { publicRoutes } from './routes/public.ts';
import { reloadRoutes } from './routes/reload.ts';
import { createHttpServer, type ApiRoutes } from './server.ts';
import { studioRoutes } from '../studio/routes.ts';

export interface HttpDeps {
  readonly config: Config;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly bodyLimitBytes: number;
  readonly isStopping: () => boolean;
  readonly logRaw: ((ip: string, raw: string) => void) | undefined;
  /** queues a webhook body (`rawBody`: the body as sent) */
  readonly accept: (body: unknown, rawBody: string | null) => Promise<IntakeResult>;
  readonly reloadState: () => Promise<boolean>;
  /** whether the database answers, for /health */
  readonly databaseHealth?: DatabaseProbe;
  /** the journal's state for /health */
  readonly journalHealth?: () => 'ok' | 'unavailable' | 'off';
  readonly extraApi?: readonly ApiRoutes[];
}

export function buildHttp(deps: HttpDeps): Promise<FastifyInstance> {
  const p = deps.config.processor;
  return createHttpServer(
    {
      ipWhitelist: p.ip_whitelist,
      ipBlacklist: p.ip_blacklist,
      trustProxy: p.trust_proxy,
      apiSecret: p.api_secret,
      bodyLimitBytes: deps.bodyLimitBytes,
      log: deps.log,
      onInvalidJson: () => deps.metrics.webhooksRejected.inc({ type: 'none', reason: 'invalid_json' }),
    },
    [publicRoutes({ metrics: deps.metrics, startedAt: Date.now(), accept: deps.accept, logRaw: deps.logRaw, isStopping: deps.isStopping, databaseHealth: deps.databaseHealth, journalHealth: deps.journalHealth }), studioRoutes()],
    [reloadRoutes(deps.reloadState), ...(deps.extraApi ?? [])],
  );
}
