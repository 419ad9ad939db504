/**
 * The weather plugin's config keys: [weather] (change alerts, the creatures a change affects, and the hourly forecast,
 * core/weather-forecast/) and its disable switch.
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const WEATHER_CONFIG = definePluginConfig({
  keys: {
    weather: {
      change_alert: false,
      show_altered_creatures: false,
      show_altered_creatures_static_map: false,
      show_altered_creatures_max_count: 10,
      enable_forecast: false,
      forecast_api_keys: [] as string[],
      forecast_day_quota: 50,
      forecast_refresh_interval: 8,
      local_first_fetch_hod: 3,
      smart_forecast: false,
      forecast_api_url: 'https://dataservice.accuweather.com',
    },
  },
  rules: {
    'weather.forecast_refresh_interval': { kind: 'integer', min: 1 },
    'weather.local_first_fetch_hod': { kind: 'integer', min: 0, max: 23 },
  },
  disableSwitches: [{ key: 'disable_weather', clientNames: ['weather'] }],
});
