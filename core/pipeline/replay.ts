/**
 * Hands the journal's entries of the previous run back to the service after a restart: webhook items go through
 * the intake queue and the whole pipeline again (marked `recovered`, so an event that has expired meanwhile is
 * dropped and counted, not sent late; deliveries that had finished are skipped by their tickets), jobs go straight
 * to the delivery queue. Stops early when the service stops: what is left stays in the journal.
 */
import type { PlatformPlugin } from '../contract.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { JOB_KEY, settled, type Journal, type RecoveredWork, type StoredJob, type WorkTicket } from '../journal/types.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PluginRegistry } from '../registry.ts';
import type { BoundedQueue } from './bounded-queue.ts';
import { checkItem, nextEventId } from './intake.ts';
import type { PipelineItem } from './pipeline.ts';

export interface ReplayDeps {
  readonly queue: BoundedQueue<PipelineItem>;
  readonly registry: PluginRegistry;
  readonly dispatcher: Dispatcher;
  readonly log: Logger;
  readonly metrics: Metrics;
}

export interface ReplaySummary {
  readonly entries: number;
  readonly webhookItems: number;
  readonly jobs: number;
}

/** long enough to wait behind any backlog; the queue's close ends the wait */
const WAIT_FOR_ROOM_MS = 24 * 3600 * 1000;

/** the pipeline items of a recovered webhook entry; items no plugin takes any more are finished at once */
function webhookItems(work: Extract<RecoveredWork, { kind: 'webhooks' }>, deps: ReplayDeps): PipelineItem[] {
  const items: PipelineItem[] = [];
  for (const { item, ticket } of work.items) {
    const checked = checkItem(item);
    if (typeof checked === 'string' || deps.registry.pluginsForWebhook(checked.type).length === 0) {
      deps.log.warn({ entryId: work.id, reason: typeof checked === 'string' ? checked : `no plugin takes "${checked.type}" now` }, 'recovered webhook item skipped');
      ticket.processed();
      continue;
    }
    const meta = { eventId: nextEventId(), webhookType: checked.type, receivedAt: work.receivedAt, recovered: true };
    items.push({ type: checked.type, message: checked.message, meta, ticket });
  }
  return items;
}

async function replayJob({ platform: name, job }: StoredJob, ticket: WorkTicket, deps: ReplayDeps, platformNamed: (name: string) => PlatformPlugin | undefined): Promise<void> {
  if (ticket.finished(JOB_KEY)) return ticket.processed();
  const platform = platformNamed(name);
  if (!platform) {
    deps.metrics.deliveriesDropped.inc({ platform: 'none', reason: 'unserved' });
    deps.log.warn({ eventId: job.meta.eventId, platform: name, dropReason: 'unserved' }, 'recovered message dropped: its platform is not running');
    await settled(ticket.receipt(JOB_KEY));
    return ticket.processed();
  }
  await deps.dispatcher.dispatch({ ...job, meta: { ...job.meta, recovered: true } }, platform, ticket.receipt(JOB_KEY));
  ticket.processed();
}

export async function replayRecovered(work: readonly RecoveredWork[], deps: ReplayDeps): Promise<ReplaySummary> {
  const byName = new Map(deps.registry.platforms.map((p) => [p.name, p]));
  let webhookCount = 0;
  let jobCount = 0;
  for (const entry of work) {
    if (entry.kind === 'jobs') {
      for (const { item, ticket } of entry.items) await replayJob(item, ticket, deps, (name) => byName.get(name));
      jobCount += entry.items.length;
      continue;
    }
    const items = webhookItems(entry, deps);
    const room = await deps.queue.reserve(items.length, WAIT_FOR_ROOM_MS);
    if (room > 0) deps.queue.fill(items.slice(0, room));
    webhookCount += room;
    if (room < items.length) break;
  }
  return { entries: work.length, webhookItems: webhookCount, jobs: jobCount };
}

/** Replays what the journal found at start, in the background of a running service; logs what it handed back. */
export async function replayJournal(journal: Journal, deps: ReplayDeps): Promise<void> {
  const work = journal.takeRecovered();
  if (work.length === 0) return;
  deps.log.info({ entries: work.length, items: work.reduce((n, w) => n + w.items.length, 0) }, 'journal: replaying what the previous run had not delivered');
  try {
    const summary = await replayRecovered(work, deps);
    deps.metrics.journalRecovered.inc({ kind: 'webhooks' }, summary.webhookItems);
    deps.metrics.journalRecovered.inc({ kind: 'jobs' }, summary.jobs);
    deps.log.info({ ...summary }, 'journal: previous run handed back');
  } catch (err) {
    deps.log.error({ err: describeError(err) }, 'journal replay failed; the entries stay for the next start');
  }
}
