/**
 * The template variables the lure plugin provides (on top of the common ones), for documentation and
 * template editors.
 */
export const LURE_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  lure: [
    'stopName', 'pokestopName', 'stopId', 'pokestopId', 'stopUrl', 'url', 'lureTypeId', 'lureId', 'lureTypeName', 'lureTypeNameEng',
    'lureTypeColor', 'lureTypeEmoji', 'expirationTimestamp', 'lureExpiration', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
