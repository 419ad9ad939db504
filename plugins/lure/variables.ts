/**
 * The template variables the lure plugin provides (on top of the common ones), for documentation and
 * template editors, and the previous generations' names for some of them (`LURE_ALIASES`: each holds exactly
 * what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const LURE_ALIASES: Readonly<Record<string, string>> = {
  lureType: 'lureTypeName',
  lureColor: 'lureTypeColor',
  name: 'pokestopName',
  pokestopUrl: 'url',
  pokestop_id: 'pokestopId',
  pokestop_name: 'pokestopName',
  pokestop_url: 'url',
  lure_expiration: 'expirationTimestamp',
  distime: 'disappearTime',
};

export const LURE_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  lure: [
    'stopName', 'pokestopName', 'stopId', 'pokestopId', 'stopUrl', 'url', 'lureTypeId', 'lureId', 'lureTypeName', 'lureTypeNameEng',
    'lureTypeColor', 'lureTypeEmoji', 'expirationTimestamp', 'lureExpiration', 'disappearTime', 'gruntTypeId', 'displayTypeId', 'gruntName', 'gruntTypeName',
    'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(LURE_ALIASES),
  ],
};
