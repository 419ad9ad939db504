/**
 * The template variables the weather plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors.
 */
export const WEATHER_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  weatherchange: [
    'weatherId', 'weatherName', 'weatherNameEng', 'weatherEmoji', 'oldWeatherId', 'oldWeatherName', 'oldWeatherNameEng', 'oldWeatherEmoji',
    'activeCreatures', 'cellId', 's2_cell_id', 'condition', 'updated', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
