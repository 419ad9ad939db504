/** The gym plugin's part of the client configuration answers: whether battle alerts may be asked for ([tracking] enable_gym_battle). */
import type { Config } from '../../core/config/index.ts';
import type { ClientConfigContribution } from '../../core/http/api/client-config-parts.ts';
import { GYM_CONFIG } from './config.ts';

const gymBattles = (config: Config): boolean => GYM_CONFIG.read(config).tracking.enable_gym_battle;

export const GYM_CLIENT_CONFIG: ClientConfigContribution = {
  webClient: { fields: (config) => ({ tracking: { gymBattles: gymBattles(config) } }) },
  poracleWeb: { fields: (config) => ({ gymBattles: gymBattles(config) }) },
};
