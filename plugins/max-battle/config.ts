/** The max-battle plugin's config: its disable switch ([general] disable_max_battle). */
import { definePluginConfig } from '../../core/config/index.ts';

export const MAX_BATTLE_CONFIG = definePluginConfig({ keys: {}, disableSwitches: [{ key: 'disable_max_battle', clientNames: ['maxbattle'] }] });
