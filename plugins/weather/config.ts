/**
 * The weather plugin's config keys: [weather] (change alerts, the creatures a change affects, and the forecast
 * keys, kept as the spec writes them, not implemented yet) and its disable switch.
 */
import { definePluginConfig, type UnimplementedKey } from '../../core/config/index.ts';

const NO_FORECAST: UnimplementedKey = { status: 'unimplemented', reason: 'the weather forecast is not fetched yet (issue 21)' };

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
    },
  },
  rules: {
    'weather.forecast_refresh_interval': { kind: 'integer', min: 1 },
    'weather.local_first_fetch_hod': { kind: 'integer', min: 0, max: 23 },
  },
  disableSwitches: [{ key: 'disable_weather', clientNames: ['weather'] }],
  unimplemented: {
    'weather.show_altered_creatures_static_map': { status: 'unimplemented', reason: 'the static map does not show the changed creatures yet (issue 21)' },
    'weather.enable_forecast': NO_FORECAST,
    'weather.forecast_api_keys': NO_FORECAST,
    'weather.forecast_day_quota': NO_FORECAST,
    'weather.forecast_refresh_interval': NO_FORECAST,
    'weather.local_first_fetch_hod': NO_FORECAST,
    'weather.smart_forecast': NO_FORECAST,
  },
});
