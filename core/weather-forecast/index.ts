/**
 * The hourly weather forecast per weather cell (AccuWeather), shared with the plugins through
 * `services.weatherForecast()`: a board that holds the forecast once the plugin owning the `[weather]` forecast
 * keys has installed it (`enable_forecast`), and nothing otherwise, so a reader's whole cost without a forecast
 * is one check.
 */
import { ForecastService, type ForecastServiceOptions, type HourPair, type WeatherForecast } from './service.ts';

export { ACCUWEATHER_URL, accuWeather, ForecastCallError, type ForecastProvider } from './accuweather.ts';
export { changeTimeText, FORECAST_NOTICE_TEXTS, forecastChange, forecastLanguageVariables, forecastVariables, NO_FORECAST_VARIABLES, staysPastTheHour, type BoostSubject, type ForecastChange } from './boost-change.ts';
export { gameCondition, type HourlyEntry } from './conditions.ts';
export { nextRefresh, fetchHours, type RefreshSchedule } from './schedule.ts';
export { ForecastService, type ForecastServiceOptions, type HourPair, type WeatherForecast };

/** Where the forecast is installed and read. */
export interface ForecastBoard {
  /** the installed forecast, null when forecasts are off */
  readonly forecast: WeatherForecast | null;
  install(forecast: WeatherForecast): void;
}

export class ForecastSlot implements ForecastBoard {
  forecast: WeatherForecast | null = null;

  install(forecast: WeatherForecast): void {
    this.forecast = forecast;
  }
}
