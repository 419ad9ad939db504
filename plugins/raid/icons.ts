/**
 * The raid plugin's icon kind: raid eggs, `raid/egg/<level>[_h][_ex]` in a UICONS repository.
 */
import type { IconKind } from '../../core/icons/index.ts';

export interface RaidEggIconOptions {
  readonly hatched?: boolean;
  readonly ex?: boolean;
}

export const RAID_EGG_ICON: IconKind<RaidEggIconOptions> = {
  folder: 'raid/egg',
  flags: (opts) => [...(opts.hatched === true ? ['_h'] : []), ...(opts.ex === true ? ['_ex'] : [])],
};
