/**
 * The graceful stop, the start-up in reverse: stop accepting webhooks, let the intake queue, the journal's replay and
 * the workers finish, stop the alert plugins' background work, drain the deliveries, stop the platforms, close the journal, then the state, the backups, the
 * services, the database and the webhook log.
 */
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { BackupSweeper } from '../backups/index.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import type { DeliveryService } from '../delivery/service.ts';
import type { CommonEnricher } from '../enrich/index.ts';
import type { Journal } from '../journal/types.ts';
import type { Logger } from '../log/logger.ts';
import type { WebhookLog } from '../log/webhook-log.ts';
import type { BoundedQueue } from '../pipeline/bounded-queue.ts';
import type { PipelineItem } from '../pipeline/pipeline.ts';
import type { PluginRegistry } from '../registry.ts';
import type { StateManager } from '../state/state.ts';
import { stopAlertPlugins } from './alert-plugins.ts';
import { stopPlatforms } from './platforms.ts';

/** Everything the start began, to stop. */
export interface Running {
  readonly log: Logger;
  readonly http: FastifyInstance;
  readonly queue: BoundedQueue<PipelineItem>;
  /** the journal's replay of what the previous run left */
  readonly replaying: Promise<void>;
  readonly workers: Promise<void>;
  readonly enricher: CommonEnricher;
  readonly delivery: DeliveryService | null;
  readonly dispatcher: Dispatcher;
  readonly registry: PluginRegistry;
  readonly journal: Journal | null;
  readonly state: StateManager;
  readonly backupSweeper: BackupSweeper;
  readonly stopServices: () => Promise<void>;
  readonly db: Knex;
  readonly webhookLog: WebhookLog | null;
}

export async function stopInOrder(r: Running): Promise<void> {
  const { log, delivery, journal } = r;
  log.info({ queued: r.queue.size }, 'stopping: no longer accepting webhooks');
  await r.http.close();
  r.queue.close();
  await r.replaying;
  await r.workers;
  await stopAlertPlugins(r.registry.alertPlugins, log);
  await r.enricher.stop?.();
  if (delivery) await delivery.stop();
  else await r.dispatcher.drain();
  await stopPlatforms(r.registry.platforms);
  if (journal) {
    await journal.close();
    log.info({ carriedOver: delivery?.dispatcher.carriedOver ?? 0, openEntries: journal.openEntries }, 'journal closed; what is not delivered goes out after the next start');
  }
  r.state.stop();
  r.backupSweeper.stop();
  await r.stopServices();
  await r.db.destroy();
  await r.webhookLog?.close();
  log.info('stopped');
}
