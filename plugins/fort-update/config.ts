/** The fort-update plugin's config: its disable switch ([general] disable_fort_update). */
import { definePluginConfig } from '../../core/config/index.ts';

export const FORT_UPDATE_CONFIG = definePluginConfig({ keys: {}, disableSwitches: [{ key: 'disable_fort_update' }] });
