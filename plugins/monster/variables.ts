/**
 * The template variables the monster plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors.
 */
const IDENTITY = ['name', 'nameEng', 'formName', 'formNameEng', 'fullName', 'fullNameEng', 'id', 'pokemonId', 'formId', 'costumeId', 'encounterId', 'generation', 'generationName', 'generationRoman', 'color'];
const MOVES = ['quickMoveName', 'chargeMoveName', 'quickMoveNameEng', 'chargeMoveNameEng', 'quickMoveEmoji', 'chargeMoveEmoji', 'quickMoveId', 'chargeMoveId'];
const LOOK = [
  'emojiString', 'typeEmoji', 'typeName', 'typeNameEng', 'genderData.emoji', 'genderData.name', 'size', 'sizeName', 'rarityGroup', 'rarityName',
  'boosted', 'boostWeatherId', 'boostWeatherEmoji', 'boostWeatherName', 'gameWeatherId', 'gameWeatherName', 'gameWeatherEmoji',
  'shinyPossible', 'shinyPossibleEmoji', 'shinyStats', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
];
const PVP = [
  'pvpAvailable', 'bestGreatLeagueRank', 'bestUltraLeagueRank', 'bestLittleLeagueRank', 'bestGreatLeagueRankCP', 'bestUltraLeagueRankCP', 'bestLittleLeagueRankCP',
  'pvpGreat', 'pvpUltra', 'pvpLittle', 'pvpGreatBest', 'pvpUltraBest', 'pvpLittleBest', 'userHasPvpTracks',
];
const WEATHER = ['weatherChange', 'weatherCurrentName', 'weatherCurrentEmoji', 'weatherNextName', 'weatherNextEmoji', 'weatherChangeTime'];
const EVENTS = ['futureEvent', 'futureEventName', 'futureEventTime', 'futureEventTrigger'];
const OTHER = ['disguiseCreatureName', 'disguisePokemonId', 'seenType', 'confirmedTime', 'catchBase', 'catchGreat', 'catchUltra', 'baseStats', 'despawnTimestamp', 'disappearTime', 'pokestopName'];
const IV_ONLY = ['iv', 'atk', 'def', 'sta', 'cp', 'level', 'weight', 'height', 'ivColor'];

const SHARED = [...IDENTITY, ...MOVES, ...LOOK, ...WEATHER, ...EVENTS, ...OTHER];

export const MONSTER_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  monster: [...SHARED, ...IV_ONLY, ...PVP],
  monsterNoIv: SHARED,
};
