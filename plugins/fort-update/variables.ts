/**
 * The template variables the fort-update plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors, and the previous generations' names for some of them
 * (`FORT_ALIASES`: each holds exactly what the variable it names holds).
 */

/** previous-generation name → the variable whose value it holds */
export const FORT_ALIASES: Readonly<Record<string, string>> = {
  isEditImageUrl: 'isEditPhoto',
  isEditImgUrl: 'isEditPhoto',
  oldImgUrl: 'oldImageUrl',
  newImgUrl: 'newImageUrl',
  change_type: 'changeType',
};

export const FORT_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  'fort-update': [
    'fortId', 'id', 'fortType', 'changeType', 'changeTypeText', 'fortTypeText', 'isNew', 'isEdit', 'isRemoval',
    'isEditName', 'isEditDescription', 'isEditPhoto', 'isEditLocation', 'isEmpty', 'name', 'description',
    'oldName', 'newName', 'oldDescription', 'newDescription', 'oldImageUrl', 'newImageUrl',
    'oldLatitude', 'oldLongitude', 'newLatitude', 'newLongitude', 'edit_types', 'changeTypes', 'old', 'new', 'zoom', 'map_latitude', 'map_longitude',
    'rdmUrl', 'reactMapUrl', 'rocketMadUrl', 'diademUrl', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
    ...Object.keys(FORT_ALIASES),
  ],
};
