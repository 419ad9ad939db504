/**
 * The template variables the quest plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors.
 */
export const QUEST_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  quest: [
    'stopName', 'pokestopName', 'stopUrl', 'pokestopUrl', 'pokestopId', 'with_ar', 'withAr',
    'questString', 'questStringEng', 'rewardString', 'rewardStringEng', 'questType', 'questTarget', 'questTemplate', 'questTitle',
    'rewardType', 'rewardTypeName', 'rewardTypes', 'rewardAmount', 'rewards', 'dustAmount', 'isShiny',
    'monsterNames', 'itemNames', 'candyMonstersNames', 'energyMonstersNames', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
