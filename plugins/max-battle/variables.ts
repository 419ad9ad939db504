/**
 * The template variables the max battle plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors, and the previous generation's names for some of them
 * (`MAXBATTLE_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const MAXBATTLE_ALIASES: Readonly<Record<string, string>> = {
  formname: 'formName',
  formNormalised: 'formName',
  formNormalisedEng: 'formNameEng',
  quickMove: 'quickMoveName',
  chargeMove: 'chargeMoveName',
  move1emoji: 'quickMoveEmoji',
  move2emoji: 'chargeMoveEmoji',
  boost: 'boostWeatherName',
  boostemoji: 'boostWeatherEmoji',
  gameweather: 'gameWeatherName',
  gameweatheremoji: 'gameWeatherEmoji',
  station_id: 'stationId',
  station_name: 'stationName',
  bread_mode: 'breadMode',
  distime: 'disappearTime',
};

export const MAXBATTLE_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  maxbattle: [
    'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'costumeId',
    'level', 'levelName', 'levelNameEng', 'gmax', 'breadMode', 'evolution', 'evolutionName', 'types', 'typeName', 'typeNameEng',
    'emojiString', 'typeEmoji', 'emoji', 'color', 'baseStats', 'generation', 'generationName', 'generationRoman',
    'gender', 'genderData', 'quickMoveId', 'chargeMoveId', 'quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng',
    'quickMoveEmoji', 'chargeMoveEmoji', 'boosted', 'boostWeatherId', 'boostWeatherName', 'boostWeatherEmoji', 'gameWeatherId', 'gameWeatherName',
    'gameWeatherEmoji', 'weaknessList', 'weaknessEmoji', 'stationId', 'stationName', 'startTimestamp', 'endTimestamp', 'stationEndTimestamp',
    'disappearTime', 'weatherChangeTime', 'totalStationedPokemon', 'totalStationedGmax', 'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl',
    'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(MAXBATTLE_ALIASES),
  ],
};
