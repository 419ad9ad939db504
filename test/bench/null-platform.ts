/**
 * The null platform of the benchmarks: serves the target type `bench:null`, renders Discord templates and
 * accepts every message at once, so a run measures intake → parse → match → enrich → render → delivery queue
 * without any network on the way out.
 */
import { definePlatformPlugin, type PlatformPlugin } from '../../core/contract.ts';
import { NULL_TARGET_TYPE } from './population.ts';

export function nullPlatform(concurrency: number): PlatformPlugin {
  return definePlatformPlugin({
    kind: 'platform',
    name: 'bench-null',
    targetTypes: [NULL_TARGET_TYPE],
    templatePlatform: 'discord',
    concurrency,
    deliver: async () => ({ ok: true }),
  });
}
