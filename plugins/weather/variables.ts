/**
 * The template variables the weather plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors, and the previous generations' names for some of them
 * (`WEATHER_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const WEATHER_ALIASES: Readonly<Record<string, string>> = {
  weather: 'weatherName',
  weathername: 'weatherName',
  weatheremoji: 'weatherEmoji',
  weatherEmojiEng: 'weatherEmoji',
  oldweather: 'oldWeatherName',
  oldweathername: 'oldWeatherName',
  oldweatheremoji: 'oldWeatherEmoji',
  oldWeatherEmojiEng: 'oldWeatherEmoji',
  activePokemons: 'activeCreatures',
  enrichedActivePokemons: 'activeCreatures',
  id: 'cellId',
  weatherCellId: 'cellId',
  time_changed: 'updated',
  weatherTth: 'tth',
};

export const WEATHER_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  weatherchange: [
    'weatherId', 'weatherName', 'weatherNameEng', 'weatherEmoji', 'oldWeatherId', 'oldWeatherName', 'oldWeatherNameEng', 'oldWeatherEmoji',
    'activeCreatures', 'cellId', 's2_cell_id', 'coords', 'condition', 'updated', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(WEATHER_ALIASES),
  ],
};
