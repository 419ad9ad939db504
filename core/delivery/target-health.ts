/**
 * What deliveries change about a target's `humans` row: permanent failures are counted in `fails` (the 5th in a
 * row disables the target), a success resets a non-zero count, and a target stopped by the alert limits is
 * disabled (or admin-disabled). The database is reached only through the HumanWriter the app passes in (its
 * watched store, so every write triggers the state reload). Writes for one target run one after another.
 */
import type { DeliveryJob } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { LimitHit } from './limit-notices.ts';
import { loggableTargetId } from './redact.ts';

/** The part of the humans store this needs (the app's HumanStore fits). */
export interface HumanWriter {
  get(id: string): Promise<{ readonly fails: number; readonly enabled: boolean } | null>;
  update(id: string, patch: { fails?: number; enabled?: boolean; adminDisable?: boolean; disabledDate?: Date | null }): Promise<unknown>;
}

export interface TargetHealthOptions {
  readonly humans: HumanWriter;
  /** the target's `fails` as the current state snapshot has it (undefined = not registered) */
  readonly failsInSnapshot: (id: string) => number | undefined;
  readonly log: Logger;
  /** [alert_limits] disable_on_stop: a limit stop is an admin disable */
  readonly adminDisableOnStop: boolean;
  /** consecutive permanent failures that disable a target; default 5 */
  readonly maxFails?: number;
}

export interface TargetHealth {
  permanentFailure(job: DeliveryJob): Promise<void>;
  delivered(job: DeliveryJob): Promise<void>;
  limitStop(target: DeliveryJob['target'], hit: LimitHit): Promise<void>;
  /** resolves once every write started so far has finished */
  settled(): Promise<void>;
}

export const DEFAULT_MAX_FAILS = 5;

export function createTargetHealth(options: TargetHealthOptions): TargetHealth {
  const { humans, log } = options;
  const maxFails = options.maxFails ?? DEFAULT_MAX_FAILS;
  /** the fails count last written per target, newer than the snapshot until it reloads */
  const written = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();

  const fieldsOf = (target: DeliveryJob['target'], eventId?: string) => ({ eventId, target: loggableTargetId(target.id), targetType: target.type, targetName: target.name });

  /** runs `work` after earlier work for the same target; errors are logged, never thrown */
  const serial = (target: DeliveryJob['target'], eventId: string | undefined, what: string, work: () => Promise<void>): Promise<void> => {
    const previous = chains.get(target.id) ?? Promise.resolve();
    const next = previous.then(work).catch((err: unknown) => log.error({ ...fieldsOf(target, eventId), err: describeError(err) }, `could not record ${what}`));
    chains.set(target.id, next);
    void next.then(() => {
      if (chains.get(target.id) === next) chains.delete(target.id);
    });
    return next;
  };

  return {
    permanentFailure(job) {
      const { target } = job;
      return serial(target, job.meta.eventId, 'a permanent delivery failure', async () => {
        const human = await humans.get(target.id);
        if (!human) return;
        const fails = human.fails + 1;
        written.set(target.id, fails);
        if (fails >= maxFails && human.enabled) {
          await humans.update(target.id, { fails, enabled: false });
          log.warn({ ...fieldsOf(target, job.meta.eventId), fails }, `target disabled after ${fails} permanent delivery failures in a row`);
          return;
        }
        await humans.update(target.id, { fails });
      });
    },

    delivered(job) {
      const { target } = job;
      const inSnapshot = options.failsInSnapshot(target.id);
      const known = written.get(target.id);
      if (known === 0 && (inSnapshot ?? 0) === 0) written.delete(target.id);
      if ((known ?? inSnapshot ?? 0) <= 0) return Promise.resolve();
      written.set(target.id, 0);
      return serial(target, job.meta.eventId, 'a delivery success', async () => {
        if (await humans.get(target.id)) await humans.update(target.id, { fails: 0 });
      });
    },

    limitStop(target, hit) {
      return serial(target, undefined, 'an alert limit stop', async () => {
        if (!(await humans.get(target.id))) {
          log.warn(fieldsOf(target), 'alert limit stop: the target is not registered');
          return;
        }
        const patch = options.adminDisableOnStop ? { adminDisable: true, disabledDate: null } : { enabled: false };
        await humans.update(target.id, patch);
        log.warn({ ...fieldsOf(target), hits: hit.hits, limit: hit.limit, adminDisable: options.adminDisableOnStop }, 'target stopped by the alert limits');
      });
    },

    async settled() {
      await Promise.all([...chains.values()]);
    },
  };
}
