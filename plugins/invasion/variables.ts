/**
 * The template variables the invasion plugin provides (on top of the common ones), for documentation and
 * template editors, and the previous generations' names for some of them (`INVASION_ALIASES`: each holds
 * exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const INVASION_ALIASES: Readonly<Record<string, string>> = {
  name: 'pokestopName',
  pokestopUrl: 'url',
  pokestop_id: 'pokestopId',
  pokestop_name: 'pokestopName',
  pokestop_url: 'url',
  displayTypeId: 'displayType',
  grunt_type: 'gruntTypeId',
  gruntTypeName: 'gruntType',
  gruntGender: 'gender',
  incident_expire_timestamp: 'expirationTimestamp',
  expiration: 'expirationTimestamp',
  distime: 'disappearTime',
  gameweather: 'gameWeatherName',
  gameweatheremoji: 'gameWeatherEmoji',
};

export const INVASION_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  invasion: [
    'stopName', 'pokestopName', 'stopId', 'pokestopId', 'stopUrl', 'url', 'incidentId', 'gruntTypeId', 'gruntTypeID', 'displayType', 'gruntName',
    'gruntType', 'gruntTypeKey', 'gruntTypeColor', 'gruntTypeEmoji', 'gender', 'genderData.name', 'genderData.emoji', 'genderDataEng.name', 'genderName',
    'genderNameEng', 'genderEmoji', 'gruntRewardsList.first.chance', 'gruntRewardsList.first.monsters', 'gruntRewardsList.second.chance',
    'gruntRewardsList.second.monsters', 'gruntRewards', 'gruntRewardIDs', 'confirmed', 'lineup', 'gruntLineupList', 'expirationTimestamp',
    'incidentExpiration', 'disappearTime', 'gameWeatherId', 'gameWeatherName', 'gameWeatherEmoji', 'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl',
    'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(INVASION_ALIASES),
  ],
};
