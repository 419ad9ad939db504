/**
 * The template variables the invasion plugin provides (on top of the common ones), for documentation and
 * template editors.
 */
export const INVASION_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  invasion: [
    'stopName', 'pokestopName', 'stopId', 'pokestopId', 'stopUrl', 'url', 'incidentId', 'gruntTypeId', 'displayType', 'gruntName',
    'gruntType', 'gruntTypeKey', 'gruntTypeColor', 'gruntTypeEmoji', 'gender', 'genderData.name', 'genderData.emoji',
    'gruntRewardsList.first.chance', 'gruntRewardsList.first.monsters', 'gruntRewardsList.second.chance', 'gruntRewardsList.second.monsters',
    'confirmed', 'lineup', 'expirationTimestamp', 'incidentExpiration', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
