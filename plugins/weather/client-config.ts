/**
 * The weather plugin's part of the client configuration answers: no field (its forecast keys are never handed out),
 * only the forecast keys as secrets, scrubbed from every answer.
 */
import type { ClientConfigContribution } from '../../core/http/api/client-config-parts.ts';
import { WEATHER_CONFIG } from './config.ts';

export const WEATHER_CLIENT_CONFIG: ClientConfigContribution = {
  secrets: (config) => WEATHER_CONFIG.read(config).weather.forecast_api_keys,
};
