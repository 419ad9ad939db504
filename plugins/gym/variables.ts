/**
 * The template variables the gym plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors.
 */
export const GYM_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  gym: [
    'gymId', 'id', 'gymName', 'gymUrl', 'teamId', 'teamName', 'teamNameEng', 'teamEmoji', 'color', 'gymColor',
    'previousControlId', 'previousControlName', 'oldTeamId', 'slotsAvailable', 'oldSlotsAvailable', 'trainerCount',
    'inBattle', 'ex', 'guardPokemonId', 'guardPokemonName', 'teamChanged', 'slotsChanged', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
