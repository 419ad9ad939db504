/**
 * The template variables the max battle plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors.
 */
export const MAXBATTLE_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  maxbattle: [
    'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'costumeId',
    'level', 'levelName', 'levelNameEng', 'gmax', 'breadMode', 'evolution', 'evolutionName', 'types', 'typeName', 'typeNameEng',
    'emojiString', 'typeEmoji', 'color', 'baseStats', 'generation', 'generationName', 'generationRoman',
    'gender', 'genderData', 'quickMoveId', 'chargeMoveId', 'quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng',
    'quickMoveEmoji', 'chargeMoveEmoji', 'stationId', 'stationName', 'startTimestamp', 'endTimestamp', 'stationEndTimestamp',
    'totalStationedPokemon', 'totalStationedGmax', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
