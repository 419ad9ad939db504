/**
 * Test doubles for the delivery queue: jobs, a platform whose deliveries the test settles one by one,
 * timers fired on demand, and metric readers.
 */
import type { DeliveryJob, DeliveryOutcome, PlatformPlugin } from '../../../core/contract.ts';
import type { DeliveryTimers } from '../../../core/delivery/timers.ts';
import type { Metrics } from '../../../core/metrics/metrics.ts';

export interface JobOptions {
  readonly expiresAt?: number | null;
  readonly type?: string;
  readonly name?: string;
  readonly clean?: number;
  readonly receivedAt?: number;
}

export function job(targetId: string, seq: number, options: JobOptions = {}): DeliveryJob {
  return {
    target: { id: targetId, type: options.type ?? 'test:user', name: options.name ?? `name-${targetId}`, language: null },
    message: { platform: 'discord', body: { content: `${targetId}#${seq}` } },
    meta: { eventId: `ev-${targetId}-${seq}`, webhookType: 'sighting', receivedAt: options.receivedAt ?? 0 },
    alertType: 'sighting',
    ping: '',
    clean: options.clean ?? 0,
    expiresAt: options.expiresAt ?? null,
  };
}

/** `target#seq` of a job, as the fixtures write it into the body */
export function labelOf(j: DeliveryJob): string {
  return String(j.message.body.content);
}

interface Call {
  readonly job: DeliveryJob;
  settle(outcome: DeliveryOutcome): void;
  fail(err: unknown): void;
}

/** A platform whose every delivery waits until the test settles it; it records what is in flight. */
export function gatedPlatform(options: { name?: string; concurrency?: number } = {}) {
  const calls: Call[] = [];
  const open = new Set<Call>();
  let maxInFlight = 0;
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name: options.name ?? 'gated',
    targetTypes: ['test:user'],
    templatePlatform: 'discord',
    concurrency: options.concurrency,
    deliver(j) {
      return new Promise<DeliveryOutcome>((resolve, reject) => {
        const call: Call = {
          job: j,
          settle: (outcome) => {
            open.delete(call);
            resolve(outcome);
          },
          fail: (err) => {
            open.delete(call);
            reject(err);
          },
        };
        calls.push(call);
        open.add(call);
        maxInFlight = Math.max(maxInFlight, open.size);
      });
    },
  };
  return {
    plugin,
    calls,
    inFlight: () => [...open],
    inFlightLabels: () => [...open].map((c) => labelOf(c.job)).sort(),
    maxInFlight: () => maxInFlight,
  };
}

/** A platform answering from a script, one outcome (or thrown error) per call in order; then `ok`. */
export function scriptedPlatform(script: readonly (DeliveryOutcome | Error)[], options: { name?: string; targetTypes?: string[]; commandPrefix?: string } = {}) {
  const delivered: DeliveryJob[] = [];
  let i = 0;
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name: options.name ?? 'scripted',
    targetTypes: options.targetTypes ?? ['test:user'],
    templatePlatform: 'discord',
    commandPrefix: options.commandPrefix,
    async deliver(j) {
      delivered.push(j);
      const next = script[i++] ?? { ok: true };
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { plugin, delivered, labels: () => delivered.map(labelOf) };
}

/** Timers that only record waits until the test fires them. */
export function manualTimers() {
  let pending: { ms: number; callback: () => void }[] = [];
  const requested: number[] = [];
  const timers: DeliveryTimers = {
    setTimeout(callback, ms) {
      requested.push(ms);
      const timer = { ms, callback };
      pending.push(timer);
      return { cancel: () => void (pending = pending.filter((t) => t !== timer)) };
    },
  };
  return {
    timers,
    requested,
    pendingCount: () => pending.length,
    /** the waits still pending, in ms as requested */
    pendingMs: () => pending.map((t) => t.ms),
    fireAll() {
      const due = pending;
      pending = [];
      for (const t of due) t.callback();
    },
    /** fires the pending waits requested with exactly `ms` */
    fire(ms: number) {
      const due = pending.filter((t) => t.ms === ms);
      pending = pending.filter((t) => t.ms !== ms);
      for (const t of due) t.callback();
      return due.length;
    },
  };
}

/** lets every promise chain that can progress do so */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

export async function deliveryCount(metrics: Metrics, outcome: string, platform?: string): Promise<number> {
  const { values } = await metrics.deliveries.get();
  return values.filter((v) => v.labels.outcome === outcome && (platform === undefined || v.labels.platform === platform)).reduce((sum, v) => sum + v.value, 0);
}

export async function queueDepth(metrics: Metrics, platform: string): Promise<number> {
  const { values } = await metrics.deliveryQueueDepth.get();
  return values.find((v) => v.labels.platform === platform)?.value ?? 0;
}

export async function droppedCount(metrics: Metrics, reason: string, platform?: string): Promise<number> {
  const { values } = await metrics.deliveriesDropped.get();
  return values.filter((v) => v.labels.reason === reason && (platform === undefined || v.labels.platform === platform)).reduce((sum, v) => sum + v.value, 0);
}
