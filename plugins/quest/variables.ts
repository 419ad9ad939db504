/**
 * The template variables the quest plugin provides (on top of the common ones every alert type gets; a
 * `questSummary` digest message has only its own and `prefix`),
 * declared for documentation and template editors, and the previous generations' names for some of them
 * (`QUEST_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const QUEST_ALIASES: Readonly<Record<string, string>> = {
  name: 'pokestopName',
  url: 'pokestopUrl',
  distime: 'disappearTime',
  disTime: 'disappearTime',
  monsterList: 'monsters',
};

export const QUEST_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  quest: [
    'stopName', 'pokestopName', 'stopUrl', 'pokestopUrl', 'pokestopId', 'with_ar', 'withAr', 'lat', 'lon',
    'questString', 'questStringEng', 'rewardString', 'rewardStringEng', 'questType', 'questTarget', 'questTemplate', 'questTitle',
    'conditionString', 'conditionStringEng', 'conditionList', 'conditionListEng',
    'rewardType', 'rewardTypeName', 'rewardTypes', 'rewardAmount', 'rewards', 'dustAmount', 'dustText', 'dustTextEng', 'itemAmount', 'energyAmount', 'candyAmount',
    'isShiny', 'shinyPossible', 'shinyPossibleEmoji', 'shinyStats', 'baseStats', 'monsters', 'items', 'energyMonsters', 'candy', 'rewardData',
    'monsterNames', 'monsterNamesEng', 'itemNames', 'itemNamesEng', 'candyMonstersNames', 'candyMonstersNamesEng', 'energyMonstersNames', 'energyMonstersNamesEng',
    'disappearTime', 'disappear_time', 'futureEvent', 'futureEventName', 'futureEventTime', 'futureEventTrigger',
    'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(QUEST_ALIASES),
  ],
  /** a digest message: one reward group (or one chunk of it); `quests` holds each quest's `quest` variables */
  questSummary: ['rewardType', 'reward', 'rewardForm', 'rewardName', 'imgUrl', 'stickerUrl', 'staticMap', 'staticmap', 'count', 'chunk', 'chunks', 'quests', 'prefix'],
};
