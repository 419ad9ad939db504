/**
 * Fort-update template variables computed once per event (English): what changed (`changeTypeText`,
 * `isEditName`…), which kind of fort (`fortTypeText`), its name, description and picture before and after.
 */
import type { View } from '../../core/contract.ts';
import type { FortChangeType, FortEvent, FortType } from './event.ts';

export interface FortImages {
  /** the fort's own picture, else an icon of its kind */
  readonly imgUrl: string;
  /** the icon of its kind from [general] img_url_alt ('' without that set) */
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export const CHANGE_TYPE_TEXT: Readonly<Record<FortChangeType, string>> = { new: 'New', edit: 'Edit', removal: 'Removal' };
export const FORT_TYPE_TEXT: Readonly<Record<FortType, string>> = { gym: 'Gym', pokestop: 'Stop', station: 'Station' };

export function fortView(event: FortEvent, images: FortImages): View {
  const { old, new: now, editTypes } = event;
  const current = now ?? old;
  const edit = event.changeType === 'edit';
  return {
    fortId: event.fortId,
    id: event.fortId,
    fortType: event.fortType,
    changeType: event.changeType,
    changeTypeText: CHANGE_TYPE_TEXT[event.changeType],
    fortTypeText: FORT_TYPE_TEXT[event.fortType],
    isNew: event.changeType === 'new',
    isEdit: edit,
    isRemoval: event.changeType === 'removal',
    isEditName: edit && editTypes.includes('name'),
    isEditDescription: edit && editTypes.includes('description'),
    isEditPhoto: edit && editTypes.includes('image_url'),
    isEditLocation: edit && editTypes.includes('location'),
    isEmpty: (current?.name ?? null) === null && (current?.description ?? null) === null,
    name: current?.name ?? old?.name ?? '',
    description: current?.description ?? old?.description ?? '',
    oldName: old?.name ?? '',
    newName: now?.name ?? '',
    oldDescription: old?.description ?? '',
    newDescription: now?.description ?? '',
    oldImageUrl: old?.imageUrl ?? '',
    newImageUrl: now?.imageUrl ?? '',
    oldLatitude: old?.latitude ?? null,
    oldLongitude: old?.longitude ?? null,
    newLatitude: now?.latitude ?? null,
    newLongitude: now?.longitude ?? null,
    ...images,
  };
}
