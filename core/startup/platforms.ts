/**
 * Start-up and stop step of the platforms: started in registration order with the command handler, the human
 * store, the state reload and the role and membership checks, stopped in reverse order.
 */
import type { Config } from '../config/index.ts';
import type { PlatformContext, PlatformHumans, PlatformMembership, PlatformPlugin } from '../contract.ts';
import { blockedAlertsFor, commandSecurityOf, createPeriodicPass, locationRestriction, MembershipEnforcer, validCommunities } from '../membership/index.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { DEFAULT_PROFILE_NAME } from '../model.ts';
import type { Stores } from '../state/watched-stores.ts';
import type { Logger } from '../log/logger.ts';

/** The human store as platforms see it: a registration also gets profile 1, as a `service` registration does. */
export function platformHumans(stores: Pick<Stores, 'humans' | 'profiles'>): PlatformHumans {
  return {
    get: (id) => stores.humans.get(id),
    async register(input) {
      const human = await stores.humans.create({ currentProfileNo: 1, enabled: true, ...input });
      if (!(await stores.profiles.get(human.id, 1))) await stores.profiles.create({ id: human.id, name: DEFAULT_PROFILE_NAME, profileNo: 1 });
      return human;
    },
    delete: (id) => stores.humans.delete(id),
    list: (types) => stores.humans.list({ type: types }),
    rename: (id, patch) => stores.humans.update(id, patch),
  };
}

export interface MembershipSetup {
  readonly config: Config;
  readonly rootDir: string;
  readonly stores: Pick<Stores, 'humans'>;
  readonly metrics: Metrics;
  readonly log: Logger;
}

/** The role and membership checks a platform's context offers, bound to the platform's name. */
export function platformMembership(setup: MembershipSetup, platform: string): PlatformMembership {
  const log = setup.log.child({ part: 'membership', platform });
  const enforcer = new MembershipEnforcer({ store: setup.stores.humans, mode: setup.config.general.role_check_mode, metrics: setup.metrics, log });
  return {
    mode: enforcer.mode,
    enforce: (verdicts, options) => enforcer.enforce(platform, verdicts, options),
    periodicPass: (name, intervalHours, run) => createPeriodicPass({ name, intervalHours, rootDir: setup.rootDir, run, log }),
    async syncBlockedAlerts(user) {
      const human = await setup.stores.humans.get(user.id);
      if (!human) return undefined;
      const blocked = blockedAlertsFor(commandSecurityOf(setup.config, platform), user);
      if (JSON.stringify(blocked) !== JSON.stringify(human.blockedAlerts)) await setup.stores.humans.update(user.id, { blockedAlerts: blocked });
      return blocked;
    },
    async syncCommunities(humanId, communities) {
      const security = setup.config.area_security;
      if (!security.enabled) return;
      const human = await setup.stores.humans.get(humanId);
      if (!human) return;
      const membership = validCommunities(security, communities);
      if (JSON.stringify(membership) === JSON.stringify(human.communityMembership)) return;
      await setup.stores.humans.update(humanId, { communityMembership: membership, areaRestriction: locationRestriction(security, membership) });
      log.info({ humanId, communities: membership }, 'membership: communities follow the member\'s roles or groups');
    },
  };
}

/** What every platform's context shares: the command handler, the human store and the state reload. */
export type SharedPlatformContext = Omit<PlatformContext, 'log' | 'membership'>;

export async function startPlatforms(platforms: readonly PlatformPlugin[], log: Logger, shared: SharedPlatformContext, membership: MembershipSetup): Promise<void> {
  for (const platform of platforms) {
    await platform.start?.({ ...shared, log: log.child({ platform: platform.name }), membership: platformMembership(membership, platform.name) });
    log.info({ platform: platform.name, targets: platform.targetTypes }, 'platform started');
  }
}

export async function stopPlatforms(platforms: readonly PlatformPlugin[]): Promise<void> {
  for (const platform of [...platforms].reverse()) await platform.stop?.();
}
