/**
 * The monster plugin's config keys: [pvp] (rank calculations, what rules may ask for and what templates list),
 * `[tracking] pokemon_change_tracking` (change events of one encounter, change-tracking.ts) and its disable switch. The file's shape is the spec's; the plugin reads them with
 * MONSTER_CONFIG.read(config).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const MONSTER_CONFIG = definePluginConfig({
  keys: {
    tracking: { pokemon_change_tracking: true },
    pvp: {
      level_caps: [50],
      include_mega_evolution: false,
      evolution_direct_tracking: false,
      filter_by_track: false,
      filter_max_rank: 10,
      filter_great_min_cp: 1400,
      filter_ultra_min_cp: 2350,
      filter_little_min_cp: 450,
      display_max_rank: 10,
      display_great_min_cp: 1400,
      display_ultra_min_cp: 2350,
      display_little_min_cp: 450,
    },
  },
  rules: { 'pvp.level_caps': { kind: 'integers', min: 1, minItems: 1 } },
  disableSwitches: [{ key: 'disable_creature', clientNames: ['pokemon'] }],
});

/** The [pvp] section as the plugin reads it. */
export type PvpConfig = ReturnType<typeof MONSTER_CONFIG.read>['pvp'];
