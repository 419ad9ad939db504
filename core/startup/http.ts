/**
 * Start-up step: the HTTP server (webhook intake into the bounded queue, health, reload, the /api routes) and the
 * raw webhook log it writes when [webhookLogging] is enabled.
 */
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../config/index.ts';
import { createDatabaseProbe } from '../db/health-probe.ts';
import { buildHttp } from '../http/build.ts';
import type { ApiRoutes } from '../http/server.ts';
import type { Journal } from '../journal/types.ts';
import { openWebhookLog, type WebhookLog } from '../log/webhook-log.ts';
import type { BoundedQueue } from '../pipeline/bounded-queue.ts';
import { acceptBatch } from '../pipeline/intake.ts';
import type { PipelineItem } from '../pipeline/pipeline.ts';
import type { StartedCore } from './basics.ts';

const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export interface HttpSetup extends StartedCore {
  readonly db: Knex;
  readonly journal: Journal | null;
  readonly queue: BoundedQueue<PipelineItem>;
  readonly webhookLog: WebhookLog | null;
  /** how long POST / waits for room in a full intake queue before refusing items */
  readonly intakeWaitMs: number;
  readonly isStopping: () => boolean;
  readonly api: readonly ApiRoutes[];
}

/** the raw webhook log ([webhookLogging]); null when disabled */
export function openWebhookLogFor(config: Config, rootDir: string): WebhookLog | null {
  if (!config.webhookLogging.enabled) return null;
  return openWebhookLog(
    {
      filename: config.webhookLogging.filename,
      maxSizeMb: config.webhookLogging.max_size,
      maxAgeDays: config.webhookLogging.max_age,
      maxBackups: config.webhookLogging.max_backups,
      compress: config.webhookLogging.compress,
      rotateIntervalMinutes: config.webhookLogging.rotate_interval,
    },
    rootDir,
  );
}

export function buildAppHttp(s: HttpSetup): Promise<FastifyInstance> {
  const { config, log, metrics, registry, queue, journal, webhookLog, state } = s;
  return buildHttp({
    config,
    log,
    metrics,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    isStopping: s.isStopping,
    logRaw: webhookLog ? (ip, raw) => webhookLog.write(ip, raw) : undefined,
    accept: (body, rawBody) =>
      acceptBatch(body, { registry, queue, metrics, log, offerTimeoutMs: s.intakeWaitMs, now: Date.now, ...(journal ? { journal } : {}) }, rawBody),
    reloadState: () => state.reload(),
    databaseHealth: createDatabaseProbe(s.db),
    journalHealth: () => (journal ? (journal.healthy ? 'ok' : 'unavailable') : 'off'),
    extraApi: s.api,
  });
}
