/** The gym plugin's config keys: [tracking] enable_gym_battle, its fallback icon and its disable switch. */
import { definePluginConfig } from '../../core/config/index.ts';

export const GYM_CONFIG = definePluginConfig({
  keys: {
    tracking: { enable_gym_battle: false },
    fallbacks: { img_url_gym: 'https://raw.githubusercontent.com/KartulUdus/PoracleJS/images/fallback/gym.png' },
  },
  disableSwitches: [{ key: 'disable_gym', clientNames: ['gym'] }],
});
