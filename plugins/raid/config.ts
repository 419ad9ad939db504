/** The raid plugin's config keys: [general] ignore_long_raids, its fallback egg icon and its disable switch. */
import { definePluginConfig } from '../../core/config/index.ts';

export const RAID_CONFIG = definePluginConfig({
  keys: {
    general: { ignore_long_raids: false },
    fallbacks: { img_url_egg: 'https://raw.githubusercontent.com/KartulUdus/PoracleJS/images/fallback/uni.png' },
  },
  disableSwitches: [{ key: 'disable_raid', clientNames: ['raid'] }],
});
