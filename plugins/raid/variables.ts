/**
 * The template variables the raid plugin provides (on top of the common ones every alert type gets), declared
 * for documentation and template editors, and the previous generations' names for some of them (each holds
 * exactly what the variable it names holds).
 */
const GYM = [
  'gymId', 'gymName', 'gymUrl', 'gymColor', 'teamId', 'teamName', 'teamNameEng', 'teamEmoji', 'ex', 'isExclusive', 'arScanEligible', 'powerUpLevel',
  'powerUpPoints', 'rsvps', 'campfireUrl', 'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl',
  'gameWeatherId', 'gameWeatherName', 'gameWeatherNameEng', 'gameWeatherEmoji',
];
const LEVEL = ['level', 'levelName', 'levelNameEng', 'imgUrl', 'imgUrlAlt', 'stickerUrl', 'spawnTimestamp', 'hatchTimestamp', 'endTimestamp', 'hatchTime', 'disappearTime'];
const BOSS = [
  'id', 'pokemonId', 'formId', 'costumeId', 'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'megaName', 'cp', 'gender', 'genderData.name',
  'genderData.emoji', 'genderDataEng.name', 'genderName', 'genderNameEng', 'genderEmoji', 'evolution', 'evolutionName', 'evolutionNameEng', 'types', 'typeName',
  'typeNameEng', 'emojiString', 'typeEmoji', 'emoji', 'color', 'baseStats', 'generation', 'generationName', 'generationNameEng', 'generationRoman', 'boosted',
  'boostWeatherId', 'boostWeatherName', 'boostWeatherNameEng', 'boostWeatherEmoji', 'boostingWeatherIds', 'boostingWeathersEmoji',
  'quickMoveId', 'chargeMoveId', 'quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng', 'quickMoveEmoji', 'chargeMoveEmoji',
  'weaknessList', 'weaknessEmoji', 'evolutions', 'megaEvolutions', 'prevEvolutions', 'hasEvolutions', 'hasMegaEvolutions',
  'weatherChange', 'weatherCurrentName', 'weatherCurrentEmoji', 'weatherNextName', 'weatherNextEmoji', 'weatherCurrent', 'weatherNext', 'weatherChangeTime', 'shinyPossible', 'shinyPossibleEmoji',
];

/** previous-generation names of eggs and raids → the variable whose value each holds */
export const EGG_ALIASES: Readonly<Record<string, string>> = {
  hatchtime: 'hatchTime',
  distime: 'disappearTime',
  teamColor: 'gymColor',
  weather: 'gameWeatherId',
  gameweather: 'gameWeatherName',
  gameweatheremoji: 'gameWeatherEmoji',
};

/** previous-generation names of raids (besides the egg ones) → the variable whose value each holds */
export const RAID_ALIASES: Readonly<Record<string, string>> = {
  ...EGG_ALIASES,
  formname: 'formName',
  formNormalised: 'formName',
  formNormalisedEng: 'formNameEng',
  quickMove: 'quickMoveName',
  chargeMove: 'chargeMoveName',
  move1: 'quickMoveName',
  move2: 'chargeMoveName',
  move1emoji: 'quickMoveEmoji',
  move2emoji: 'chargeMoveEmoji',
  boost: 'boostWeatherName',
  boostemoji: 'boostWeatherEmoji',
  evolutionname: 'evolutionNameEng',
  boostingWeathers: 'boostingWeatherIds',
};

export const RAID_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  raid: [...BOSS, ...LEVEL, ...GYM, ...Object.keys(RAID_ALIASES)],
  egg: [...LEVEL, ...GYM, ...Object.keys(EGG_ALIASES)],
  /** an RSVP update replying to the earlier raid or egg message: the raid's variables (`pokemonId` 0 for an egg) */
  raidRsvp: [...BOSS, ...LEVEL, ...GYM, ...Object.keys(RAID_ALIASES)],
};
