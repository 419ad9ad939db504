/**
 * The template variables the nest plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors.
 */
export const NEST_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  nest: [
    'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'nestId', 'nestName',
    'creatureSpawnAvg', 'pokemonSpawnAvg', 'pokemonCount', 'pokemonRatio', 'resetTime', 'resetDate', 'types', 'typeName', 'color',
    'emojiString', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
