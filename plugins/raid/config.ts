/** The raid plugin's config keys: [general] ignore_long_raids and its disable switch. */
import { definePluginConfig } from '../../core/config/index.ts';

export const RAID_CONFIG = definePluginConfig({
  keys: { general: { ignore_long_raids: false } },
  disableSwitches: [{ key: 'disable_raid', clientNames: ['raid'] }],
});
