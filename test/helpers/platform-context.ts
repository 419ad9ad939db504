/**
 * The parts of a PlatformContext a platform test does not exercise: a human store in memory and a state reload
 * that counts its calls, so a platform that registers targets (Discord's auto-create) can still be started alone.
 */
import type { PlatformContext } from '../../core/contract.ts';
import { LookoutError } from '../../core/errors.ts';
import type { Human } from '../../core/model.ts';
import { human } from './humans.ts';

export interface MemoryPlatformServices extends Pick<PlatformContext, 'humans' | 'reloadState'> {
  readonly rows: Map<string, Human>;
  readonly reloads: { count: number };
}

export function memoryPlatformServices(): MemoryPlatformServices {
  const rows = new Map<string, Human>();
  const reloads = { count: 0 };
  return {
    rows,
    reloads,
    humans: {
      get: async (id) => rows.get(id) ?? null,
      async register(input) {
        if (rows.has(input.id)) throw new LookoutError('CONFLICT', `human ${input.id} already exists`, { id: input.id });
        const registered = human(input.id, input);
        rows.set(input.id, registered);
        return registered;
      },
      delete: async (id) => rows.delete(id),
    },
    async reloadState() {
      reloads.count += 1;
      return true;
    },
  };
}
