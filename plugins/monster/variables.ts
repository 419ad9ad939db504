/**
 * The template variables the monster plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors, and the previous generations' names for some of them
 * (`MONSTER_ALIASES`: each holds exactly what the variable it names holds).
 */
const IDENTITY = [
  'name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'costumeId', 'encounterId',
  'generation', 'generationName', 'generationNameEng', 'generationRoman', 'color', 'legendary', 'mythic', 'ultraBeast',
];
const MOVES = ['quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng', 'quickMoveEmoji', 'chargeMoveEmoji', 'quickMoveId', 'chargeMoveId'];
const LOOK = [
  'emojiString', 'typeEmoji', 'emoji', 'typeName', 'typeNameEng', 'genderData.emoji', 'genderData.name', 'genderName', 'genderNameEng', 'genderEmoji',
  'genderDataEng.name', 'size', 'sizeName', 'sizeNameEng', 'rarityGroup', 'rarityName', 'rarityNameEng',
  'boosted', 'boostWeatherId', 'boostWeatherEmoji', 'boostWeatherName', 'gameWeatherId', 'gameWeatherName', 'gameWeatherEmoji',
  'boostingWeatherIds', 'boostingWeathersEmoji', 'alteringWeathers',
  'shinyPossible', 'shinyPossibleEmoji', 'shinyStats', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
];
const SPECIES = ['weaknessList', 'weaknessEmoji', 'evolutions', 'megaEvolutions', 'prevEvolutions', 'hasEvolutions', 'hasMegaEvolutions'];
const PVP = [
  'pvpAvailable', 'bestGreatLeagueRank', 'bestUltraLeagueRank', 'bestLittleLeagueRank', 'bestGreatLeagueRankCP', 'bestUltraLeagueRankCP', 'bestLittleLeagueRankCP',
  'pvpGreat', 'pvpUltra', 'pvpLittle', 'pvpGreatBest', 'pvpUltraBest', 'pvpLittleBest', 'pvp_rankings_great_league', 'pvp_rankings_ultra_league',
  'pvp_rankings_little_league', 'pvpDisplayMaxRank', 'pvpDisplayGreatMinCP', 'pvpDisplayUltraMinCP', 'pvpDisplayLittleMinCP', 'userHasPvpTracks', 'pvpUserRanking',
];
const WEATHER = ['weatherChange', 'weatherCurrent', 'weatherCurrentName', 'weatherCurrentEmoji', 'weatherNext', 'weatherNextName', 'weatherNextEmoji', 'weatherChangeTime'];
const EVENTS = ['futureEvent', 'futureEventName', 'futureEventTime', 'futureEventTrigger'];
const OTHER = [
  'disguiseCreatureName', 'disguisePokemonId', 'disguiseFormId', 'disguiseFormName', 'disguisePokemonNameEng', 'disguiseFormNameEng', 'seenType', 'cell_coords',
  'confirmedTime', 'encountered', 'catchBase', 'catchGreat', 'catchUltra', 'baseStats', 'despawnTimestamp', 'disappearTime', 'tthSeconds', 'pokestopName',
  'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl', 'userDistanceTrack', 'userTrackDistance',
];
const IV_ONLY = ['iv', 'atk', 'def', 'sta', 'cp', 'level', 'weight', 'height', 'ivColor'];

/** previous-generation name → the variable whose value it holds */
export const MONSTER_ALIASES: Readonly<Record<string, string>> = {
  formname: 'formName',
  formNormalised: 'formName',
  formNormalisedEng: 'formNameEng',
  ivcolor: 'ivColor',
  quickMove: 'quickMoveName',
  chargeMove: 'chargeMoveName',
  move1emoji: 'quickMoveEmoji',
  move2emoji: 'chargeMoveEmoji',
  boost: 'boostWeatherName',
  boostemoji: 'boostWeatherEmoji',
  gameweather: 'gameWeatherName',
  gameweatheremoji: 'gameWeatherEmoji',
  distime: 'disappearTime',
  disguisePokemonName: 'disguiseCreatureName',
  verified: 'confirmedTime',
  pvpPokemonId: 'pokemonId',
  pvpFormId: 'formId',
  pokestopId: 'pokestop_id',
  spawnpointId: 'spawnpoint_id',
};

const ALIASES = Object.keys(MONSTER_ALIASES);
const SHARED = [...IDENTITY, ...MOVES, ...LOOK, ...SPECIES, ...WEATHER, ...EVENTS, ...OTHER, ...ALIASES];

/**
 * `monsterChanged` (`[tracking] pokemon_change_tracking`): the sighting that changed, with the one its recipient was
 * told about before under `original.*` (stats empty when that one had no IVs), and what kind of change it was:
 * `changeType` `species` (species, form, gender) or `stats` (weather boost), `changeKind` the exact one
 * (`species`, `form`, `gender`, `weather_boost`), `changeTypeText` the former in words.
 */
const ORIGINAL = [
  'pokemonId', 'formId', 'name', 'formName', 'fullName', 'cp', 'iv', 'atk', 'def', 'sta', 'level',
  'gender', 'genderName', 'weatherId', 'weatherName', 'encountered', 'weight', 'height',
].map((name) => `original.${name}`);
const CHANGE = ['changeType', 'changeKind', 'changeTypeText'];

export const MONSTER_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  monster: [...SHARED, ...IV_ONLY, ...PVP],
  monsterNoIv: SHARED,
  monsterChanged: [...SHARED, ...IV_ONLY, ...PVP, ...ORIGINAL, ...CHANGE],
};
