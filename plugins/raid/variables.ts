/**
 * The template variables the raid plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors.
 */
const GYM = ['gymId', 'gymName', 'gymUrl', 'gymColor', 'teamId', 'teamName', 'teamNameEng', 'teamEmoji', 'ex', 'isExclusive', 'arScanEligible', 'powerUpLevel', 'powerUpPoints', 'rsvps'];
const LEVEL = ['level', 'levelName', 'levelNameEng', 'imgUrl', 'imgUrlAlt', 'stickerUrl', 'spawnTimestamp', 'hatchTimestamp', 'endTimestamp'];
const BOSS = [
  'id', 'pokemonId', 'formId', 'costumeId', 'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'cp', 'gender', 'genderData.name',
  'genderData.emoji', 'evolution', 'evolutionName', 'types', 'typeName', 'emojiString', 'typeEmoji', 'color', 'baseStats', 'generation', 'generationName', 'boosted',
  'boostWeatherId', 'boostWeatherName', 'boostWeatherEmoji',
  'quickMoveId', 'chargeMoveId', 'quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng', 'quickMoveEmoji', 'chargeMoveEmoji',
];

export const RAID_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  raid: [...BOSS, ...LEVEL, ...GYM],
  egg: [...LEVEL, ...GYM],
};
