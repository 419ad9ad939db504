/**
 * The monster plugin's part of the client configuration answers: its [pvp] settings and the default level cap of
 * a user's pvp rules, in the previous generation's field names and places (webClient's `pvp` object before
 * `tracking`; poracleWeb's `pvp*` fields before `defaultTemplateName`).
 */
import type { ClientConfigContribution } from '../../core/http/api/client-config-parts.ts';
import { MONSTER_CONFIG } from './config.ts';

export const MONSTER_CLIENT_CONFIG: ClientConfigContribution = {
  webClient: {
    before: 'tracking',
    fields: (config) => {
      const { pvp } = MONSTER_CONFIG.read(config);
      return {
        pvp: {
          levelCaps: pvp.level_caps,
          filterMaxRank: pvp.filter_max_rank,
          filterGreatMinCp: pvp.filter_great_min_cp,
          filterUltraMinCp: pvp.filter_ultra_min_cp,
          filterLittleMinCp: pvp.filter_little_min_cp,
          displayMaxRank: pvp.display_max_rank,
          displayGreatMinCp: pvp.display_great_min_cp,
          displayUltraMinCp: pvp.display_ultra_min_cp,
          displayLittleMinCp: pvp.display_little_min_cp,
          defaultLevelCap: config.tracking.default_user_tracking_level_cap,
        },
      };
    },
  },
  poracleWeb: {
    before: 'defaultTemplateName',
    fields: (config) => {
      const { pvp } = MONSTER_CONFIG.read(config);
      return {
        pvpFilterMaxRank: pvp.filter_max_rank,
        pvpFilterGreatMinCP: pvp.filter_great_min_cp,
        pvpFilterUltraMinCP: pvp.filter_ultra_min_cp,
        pvpFilterLittleMinCP: pvp.filter_little_min_cp,
        pvpLittleLeagueAllowed: true,
        pvpCaps: pvp.level_caps,
        // the previous generation's forced min-cp mode does not exist here
        pvpRequiresMinCp: false,
        defaultPvpCap: config.tracking.default_user_tracking_level_cap,
      };
    },
  },
};
