/**
 * The template variables the gym plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors, and the previous generations' names for some of them
 * (`GYM_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const GYM_ALIASES: Readonly<Record<string, string>> = {
  name: 'gymName',
  teamColor: 'gymColor',
  teamEmojiEng: 'teamEmoji',
  previousControlTeamEmojiEng: 'previousControlTeamEmoji',
};

export const GYM_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  gym: [
    'gymId', 'id', 'gymName', 'gymUrl', 'teamId', 'teamName', 'teamNameEng', 'teamEmoji', 'color', 'gymColor',
    'previousControlId', 'previousControlName', 'previousControlNameEng', 'previousControlTeamEmoji', 'oldTeamId', 'oldTeamName', 'oldTeamNameEng',
    'slotsAvailable', 'oldSlotsAvailable', 'trainerCount', 'oldTrainerCount', 'conqueredTime',
    'inBattle', 'ex', 'guardPokemonId', 'guardPokemonName', 'teamChanged', 'slotsChanged', 'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl',
    'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(GYM_ALIASES),
  ],
};
