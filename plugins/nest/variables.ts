/**
 * The template variables the nest plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors, and the previous generations' names for some of them
 * (`NEST_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const NEST_ALIASES: Readonly<Record<string, string>> = {
  nest_name: 'nestName',
  formNormalised: 'formName',
  formNormalisedEng: 'formNameEng',
  typeEmoji: 'emojiString',
  distime: 'disappearTime',
};

export const NEST_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  nest: [
    'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'nestId', 'nestName',
    'creatureSpawnAvg', 'pokemonSpawnAvg', 'pokemonCount', 'pokemonRatio', 'resetTime', 'resetDate', 'resetTimestamp', 'disappearTime', 'disappearDate',
    'types', 'typeName', 'typeNameEng', 'color', 'emojiString', 'emoji', 'boostingWeathersEmoji', 'shinyPossible', 'shinyPossibleEmoji', 'zoom', 'map_latitude', 'map_longitude',
    'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(NEST_ALIASES),
  ],
};
