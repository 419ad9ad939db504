/**
 * The weather plugin's chat command (`weather`) and how its rules read in `tracked`.
 */
export { weatherCommand } from './weather.ts';
export { describeWeatherRule } from './describe.ts';
export { parseWeatherCommand, conditionOf, type WeatherDraft, type WeatherParseOptions, type WeatherRequest } from './parse.ts';
