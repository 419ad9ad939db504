/**
 * Carries out the role-loss decisions for one platform (policy.ts): deletes, disables (admin_disable with a
 * disabled_date) or re-enables registrations, logs each change with its reason and counts it in
 * `lookout_membership_changes_total{platform, action, dry_run}`. A dry run decides and reports the same, and writes
 * nothing. One failing human is logged and the others go on. Decisions about one human are taken one at a time (a
 * full pass and a member event arriving together would otherwise both act on the same read, and count twice).
 */
import type { RoleCheckMode } from '../config/enums.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Human } from '../model.ts';
import { decideMembership, type MembershipAction, type MemberVerdict } from './policy.ts';

/** The human store as the enforcer uses it. */
export interface MembershipStore {
  get(id: string): Promise<Human | null>;
  update(id: string, patch: { adminDisable?: boolean; disabledDate?: Date | null }): Promise<unknown>;
  delete(id: string): Promise<boolean>;
}

export interface MembershipChange {
  readonly humanId: string;
  readonly name: string;
  readonly action: Exclude<MembershipAction, 'none'>;
  readonly reason: string;
}

export interface MembershipReport {
  readonly dryRun: boolean;
  readonly changes: readonly MembershipChange[];
  readonly failed: readonly { readonly humanId: string; readonly reason: string }[];
}

export interface EnforceOptions {
  readonly dryRun?: boolean;
  /** ids of the platform's admins: never removed or disabled */
  readonly admins: ReadonlySet<string>;
}

export interface MembershipEnforcerDeps {
  readonly store: MembershipStore;
  readonly mode: RoleCheckMode;
  readonly metrics: Pick<Metrics, 'membershipChanges'>;
  readonly log: Logger;
  readonly now?: () => Date;
}

export class MembershipEnforcer {
  /** the last decision queued per human id; the entry is dropped when its queue empties */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(private readonly deps: MembershipEnforcerDeps) {}

  private async oneAtATime<T>(humanId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queued.get(humanId) ?? Promise.resolve();
    let release = (): void => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => done);
    this.queued.set(humanId, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.queued.get(humanId) === tail) this.queued.delete(humanId);
    }
  }

  get mode(): RoleCheckMode {
    return this.deps.mode;
  }

  private async act(human: Human, action: MembershipChange['action']): Promise<void> {
    const { store } = this.deps;
    if (action === 'delete') await store.delete(human.id);
    else if (action === 'disable') await store.update(human.id, { adminDisable: true, disabledDate: (this.deps.now ?? (() => new Date()))() });
    else if (action === 'enable') await store.update(human.id, { adminDisable: false, disabledDate: null });
  }

  /** Applies the verdicts of `platform` about registered humans (unknown ids are skipped). */
  async enforce(platform: string, verdicts: readonly MemberVerdict[], options: EnforceOptions): Promise<MembershipReport> {
    const dryRun = options.dryRun ?? false;
    const changes: MembershipChange[] = [];
    const failed: { humanId: string; reason: string }[] = [];
    for (const verdict of verdicts) {
      try {
        const change = await this.oneAtATime(verdict.humanId, () => this.decide(platform, verdict, options.admins, dryRun));
        if (change) changes.push(change);
      } catch (err) {
        failed.push({ humanId: verdict.humanId, reason: describeError(err) });
        this.deps.log.warn({ platform, humanId: verdict.humanId, reason: describeError(err) }, 'membership: a change failed');
      }
    }
    return { dryRun, changes, failed };
  }

  private async decide(platform: string, verdict: MemberVerdict, admins: ReadonlySet<string>, dryRun: boolean): Promise<MembershipChange | null> {
    const human = await this.deps.store.get(verdict.humanId);
    if (!human) return null;
    const action = decideMembership(human, verdict, this.deps.mode, admins.has(human.id));
    if (action === 'none') return null;
    if (!dryRun) await this.act(human, action);
    this.deps.metrics.membershipChanges.inc({ platform, action, dry_run: String(dryRun) });
    const fields = { platform, humanId: human.id, name: human.name, type: human.type, action, reason: verdict.reason, mode: this.deps.mode, dryRun };
    this.deps.log.info(fields, action === 'log' ? 'membership: access lost, ignored (role_check_mode = "ignore")' : `membership: registration ${dryRun ? 'would be ' : ''}${PAST[action]}`);
    return { humanId: human.id, name: human.name, action, reason: verdict.reason };
  }
}

const PAST: Readonly<Record<'delete' | 'disable' | 'enable', string>> = { delete: 'deleted', disable: 'disabled', enable: 're-enabled' };
