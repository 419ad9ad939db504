/**
 * The parts of a PlatformContext a platform test does not take from a running app: a human store in memory, a
 * state reload that counts its calls, and the real role-check enforcer over that store (its metrics in a registry
 * of their own, its pass times under a temporary root), so a platform can be started and tested alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RoleCheckMode } from '../../core/config/enums.ts';
import type { PlatformContext } from '../../core/contract.ts';
import { LookoutError } from '../../core/errors.ts';
import { silentLogger, type Logger } from '../../core/log/logger.ts';
import { blockedAlertsFor, createPeriodicPass, MembershipEnforcer, type CommandSecurity } from '../../core/membership/index.ts';
import { createMetrics, type Metrics } from '../../core/metrics/metrics.ts';
import type { Human } from '../../core/model.ts';
import { human } from './humans.ts';

export interface MemoryPlatformServices extends Pick<PlatformContext, 'humans' | 'reloadState' | 'membership'> {
  readonly rows: Map<string, Human>;
  readonly reloads: { count: number };
  readonly metrics: Metrics;
}

export function memoryPlatformServices(options: { readonly mode?: RoleCheckMode; readonly log?: Logger; readonly platform?: string; readonly commandSecurity?: CommandSecurity } = {}): MemoryPlatformServices {
  const rows = new Map<string, Human>();
  const reloads = { count: 0 };
  const metrics = createMetrics({ collectProcess: false });
  const log = options.log ?? silentLogger();
  const require = (id: string): Human => {
    const found = rows.get(id);
    if (!found) throw new LookoutError('NOT_FOUND', `human ${id} does not exist`, { id });
    return found;
  };
  const store = {
    get: async (id: string) => rows.get(id) ?? null,
    async update(id: string, patch: Partial<Human>) {
      rows.set(id, { ...require(id), ...patch });
      return require(id);
    },
    delete: async (id: string) => rows.delete(id),
  };
  const enforcer = new MembershipEnforcer({ store, mode: options.mode ?? 'ignore', metrics, log });
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-platform-'));
  return {
    rows,
    reloads,
    metrics,
    humans: {
      get: store.get,
      async register(input) {
        if (rows.has(input.id)) throw new LookoutError('CONFLICT', `human ${input.id} already exists`, { id: input.id });
        const registered = human(input.id, input);
        rows.set(input.id, registered);
        return registered;
      },
      delete: store.delete,
      list: async (types) => [...rows.values()].filter((h) => types.includes(h.type)),
      rename: (id, patch) => store.update(id, patch),
    },
    async reloadState() {
      reloads.count += 1;
      return true;
    },
    membership: {
      mode: enforcer.mode,
      enforce: (verdicts, o) => enforcer.enforce(options.platform ?? 'test', verdicts, o),
      periodicPass: (name, intervalHours, run) => createPeriodicPass({ name, intervalHours, rootDir, run, log }),
      async syncBlockedAlerts(user) {
        const found = rows.get(user.id);
        if (!found) return undefined;
        const blocked = blockedAlertsFor(options.commandSecurity ?? {}, user);
        rows.set(user.id, { ...found, blockedAlerts: blocked });
        return blocked;
      },
      async syncCommunities(humanId, communities) {
        const found = rows.get(humanId);
        if (found) rows.set(humanId, { ...found, communityMembership: [...communities].sort() });
      },
    },
  };
}
