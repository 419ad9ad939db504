/**
 * POST / bodies: a JSON array of {type, message} (or one such object). Each item is checked on its own; an
 * unknown type or a malformed item is counted and logged and never affects the rest of the batch. Accepted
 * items get places in the bounded queue (one wait for the whole request), are recorded in the journal, and are
 * queued; the caller answers once they are (so an answered item survives a crash).
 */
import type { Logger } from '../log/logger.ts';
import { webhookTypeLabel } from '../metrics/labels.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PluginRegistry } from '../registry.ts';
import type { Journal } from '../journal/types.ts';
import type { BoundedQueue } from './bounded-queue.ts';
import type { PipelineItem } from './pipeline.ts';
import { LogGate } from '../log/log-gate.ts';

export interface IntakeResult {
  readonly received: number;
  readonly queued: number;
  /** items refused because the queue stayed full (or the service is stopping) */
  readonly refused: number;
  readonly rejected: readonly { readonly index: number; readonly reason: string }[];
}

export interface IntakeOptions {
  readonly registry: PluginRegistry;
  readonly queue: BoundedQueue<PipelineItem>;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** how long one request may wait for room in a full queue (one deadline for all its items) */
  readonly offerTimeoutMs: number;
  readonly now: () => number;
  /** the durable journal: accepted items are recorded before the request is answered; none = memory only */
  readonly journal?: Journal;
}

/** rejected batches are logged at info, at most one line per 10 s */
const rejectionLog = new LogGate(10_000, () => performance.now());

let sequence = 0;
const processTag = Date.now().toString(36);

export function nextEventId(): string {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${processTag}-${sequence.toString(36)}`;
}

/** fields of a scanner's message (not of a `{type, message}` item): the item was posted bare */
const MESSAGE_FIELDS = ['encounter_id', 'pokemon_id', 'gym_id', 'pokestop_id', 'latitude', 'raid_end_timestamp', 'incident_expire_timestamp', 's2_cell_id'];

export function checkItem(item: unknown): { type: string; message: unknown } | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'item is not an object';
  const { type, message } = item as { type?: unknown; message?: unknown };
  if ((typeof type !== 'string' || type.length === 0) && message === undefined && MESSAGE_FIELDS.some((f) => Object.hasOwn(item, f))) {
    return 'item has no "type": it looks like a bare scanner message; post [{"type": "pokemon", "message": {…}}], not the message alone';
  }
  if (typeof type !== 'string' || type.length === 0) return 'item has no string "type"';
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return `item of type "${type}" has no object "message"`;
  return { type, message };
}

/** `rawBody` is the request body as sent: the journal keeps it as is when every item of it is accepted */
export async function acceptBatch(body: unknown, o: IntakeOptions, rawBody: string | null = null): Promise<IntakeResult> {
  const items = Array.isArray(body) ? body : [body];
  const accepted: PipelineItem[] = [];
  const rejected: { index: number; reason: string }[] = [];
  items.forEach((raw, index) => {
    const item = checkItem(raw);
    if (typeof item === 'string') {
      o.metrics.webhooksRejected.inc({ type: 'none', reason: 'not_an_item' });
      rejected.push({ index, reason: item });
      return;
    }
    o.metrics.webhooksReceived.inc({ type: webhookTypeLabel(o.registry, item.type) });
    if (o.registry.pluginsForWebhook(item.type).length === 0) {
      o.metrics.webhooksRejected.inc({ type: webhookTypeLabel(o.registry, item.type), reason: 'unknown_type' });
      rejected.push({ index, reason: `unknown webhook type "${item.type}"` });
      return;
    }
    accepted.push({ type: item.type, message: item.message, meta: { eventId: nextEventId(), webhookType: item.type, receivedAt: o.now() } });
  });
  if (rejected.length > 0) {
    const held = rejectionLog.pass();
    if (held !== null) o.log.info({ rejected: rejected.slice(0, 5), count: rejected.length, ...(held > 0 && { earlierBatchesNotLogged: held }) }, 'webhook items rejected at intake');
  }
  // one deadline for the whole request; each share of room is journaled and queued as it comes (so a batch larger
  // than the free room streams in, as consumers make room)
  const deadline = performance.now() + o.offerTimeoutMs;
  let queued = 0;
  while (queued < accepted.length) {
    const room = await o.queue.reserve(accepted.length - queued, Math.max(0, deadline - performance.now()));
    if (room === 0) break;
    const whole = room === items.length && rejected.length === 0;
    let filled = false;
    try {
      o.queue.fill(await journaled(whole ? accepted : accepted.slice(queued, queued + room), o, whole ? rawBody : null));
      filled = true;
    } finally {
      // places reserved and never filled would keep the workers (and a stop) waiting for ever
      if (!filled) o.queue.unreserve(room);
    }
    queued += room;
  }
  o.metrics.intakeQueueDepth.set(o.queue.size);
  const refused = accepted.slice(queued);
  for (const item of refused) o.metrics.webhooksRejected.inc({ type: webhookTypeLabel(o.registry, item.type), reason: 'queue_full' });
  if (refused.length > 0) o.log.warn({ refused: refused.length, capacity: o.queue.capacity }, 'intake queue full; webhook items refused');
  return { received: items.length, queued, refused: refused.length, rejected };
}

/** the items with their journal tickets, once the journal holds them (as they are without a journal) */
async function journaled(items: PipelineItem[], o: IntakeOptions, rawBody: string | null): Promise<PipelineItem[]> {
  if (!o.journal) return items;
  const webhooks = items.map((item) => ({ type: item.type, message: item.message }));
  const tickets = await o.journal.recordWebhooks(webhooks, items[0]!.meta.receivedAt, rawBody);
  return items.map((item, i) => ({ ...item, ticket: tickets[i]! }));
}

/** Runs `count` consumers until the queue is closed and empty. */
export async function runWorkers(queue: BoundedQueue<PipelineItem>, count: number, handle: (item: PipelineItem) => Promise<void>, metrics: Metrics): Promise<void> {
  const worker = async (): Promise<void> => {
    for (;;) {
      const item = await queue.take();
      if (item === null) return;
      try {
        await handle(item);
      } finally {
        item.ticket?.processed();
        queue.done();
        metrics.intakeQueueDepth.set(queue.size);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, count) }, worker));
}
