/** The nest plugin's config: its disable switch ([general] disable_nest). */
import { definePluginConfig } from '../../core/config/index.ts';

export const NEST_CONFIG = definePluginConfig({ keys: {}, disableSwitches: [{ key: 'disable_nest', clientNames: ['nest'] }] });
