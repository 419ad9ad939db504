/**
 * Start-up and stop step of the platforms: started in registration order with the command handler, the human
 * store and the state reload, stopped in reverse order.
 */
import type { PlatformContext, PlatformHumans, PlatformPlugin } from '../contract.ts';
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
  };
}

/** What every platform's context shares: the command handler, the human store and the state reload. */
export type SharedPlatformContext = Omit<PlatformContext, 'log'>;

export async function startPlatforms(platforms: readonly PlatformPlugin[], log: Logger, shared: SharedPlatformContext): Promise<void> {
  for (const platform of platforms) {
    await platform.start?.({ ...shared, log: log.child({ platform: platform.name }) });
    log.info({ platform: platform.name, targets: platform.targetTypes }, 'platform started');
  }
}

export async function stopPlatforms(platforms: readonly PlatformPlugin[]): Promise<void> {
  for (const platform of [...platforms].reverse()) await platform.stop?.();
}
