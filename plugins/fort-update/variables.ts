/**
 * The template variables the fort-update plugin provides (on top of the common ones every alert type gets),
 * declared for documentation and template editors.
 */
export const FORT_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  'fort-update': [
    'fortId', 'id', 'fortType', 'changeType', 'changeTypeText', 'fortTypeText', 'isNew', 'isEdit', 'isRemoval',
    'isEditName', 'isEditDescription', 'isEditPhoto', 'isEditLocation', 'isEmpty', 'name', 'description',
    'oldName', 'newName', 'oldDescription', 'newDescription', 'oldImageUrl', 'newImageUrl',
    'oldLatitude', 'oldLongitude', 'newLatitude', 'newLongitude', 'imgUrl', 'imgUrlAlt', 'stickerUrl',
  ],
};
