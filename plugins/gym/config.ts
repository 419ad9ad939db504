/** The gym plugin's config keys: [tracking] enable_gym_battle and its disable switch. */
import { definePluginConfig } from '../../core/config/index.ts';

export const GYM_CONFIG = definePluginConfig({
  keys: { tracking: { enable_gym_battle: false } },
  disableSwitches: [{ key: 'disable_gym', clientNames: ['gym'] }],
});
