/**
 * Fort-update template variables computed once per event (English): what changed (`changeTypeText`,
 * `isEditName`…), which kind of fort (`fortTypeText`), its name, description and picture before and after,
 * and the map framing both spots; with the names the previous generations gave the same values
 * (`isEditImageUrl`, `oldImgUrl`, `changeTypes`, `old`/`new`…; README.md) in the same object.
 */
import type { View } from '../../core/contract.ts';
import { mapPosition } from '../../core/enrich/map-position.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import type { LatLon } from '../../core/geo/fence.ts';
import type { FortChangeType, FortEvent, FortSnapshot, FortType } from './event.ts';

export interface FortImages {
  /** the fort's own picture, else an icon of its kind */
  readonly imgUrl: string;
  /** the icon of its kind from [general] img_url_alt ('' without that set) */
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

export const CHANGE_TYPE_TEXT: Readonly<Record<FortChangeType, string>> = { new: 'New', edit: 'Edit', removal: 'Removal' };
export const FORT_TYPE_TEXT: Readonly<Record<FortType, string>> = { gym: 'Gym', pokestop: 'Stop', station: 'Station' };

/** One side of the change in the webhook's own shape (`{{old.name}}`, `{{new.location.lat}}`), '' when absent. */
function snapshotView(snapshot: FortSnapshot | null): Record<string, unknown> | '' {
  if (!snapshot) return '';
  const { id, type, name, description, imageUrl, latitude, longitude } = snapshot;
  return { id, type, name: name ?? '', description: description ?? '', image_url: imageUrl ?? '', location: { lat: latitude, lon: longitude } };
}

/** the map framing the old and the new spot ('' parts without either) */
function changeFrame(event: FortEvent): Record<string, unknown> {
  const points: LatLon[] = [];
  for (const side of [event.old, event.new]) if (side && side.latitude !== 0) points.push([side.latitude, side.longitude]);
  const at = mapPosition(points);
  return at ? { ...at } : { zoom: '', map_latitude: '', map_longitude: '' };
}

export function fortView(event: FortEvent, images: FortImages, mapLinks: MapSiteLinks): View {
  const { old, new: now, editTypes } = event;
  const current = now ?? old;
  const edit = event.changeType === 'edit';
  const photoEdited = edit && editTypes.includes('image_url');
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
    isEditPhoto: photoEdited,
    isEditImageUrl: photoEdited,
    isEditImgUrl: photoEdited,
    isEditLocation: edit && editTypes.includes('location'),
    isEmpty: (current?.name ?? null) === null && (current?.description ?? null) === null,
    name: current?.name ?? old?.name ?? '',
    description: current?.description ?? old?.description ?? '',
    oldName: old?.name ?? '',
    newName: now?.name ?? '',
    oldDescription: old?.description ?? '',
    newDescription: now?.description ?? '',
    oldImageUrl: old?.imageUrl ?? '',
    oldImgUrl: old?.imageUrl ?? '',
    newImageUrl: now?.imageUrl ?? '',
    newImgUrl: now?.imageUrl ?? '',
    oldLatitude: old?.latitude ?? null,
    oldLongitude: old?.longitude ?? null,
    newLatitude: now?.latitude ?? null,
    newLongitude: now?.longitude ?? null,
    change_type: event.changeType,
    edit_types: edit ? editTypes : null,
    changeTypes: [...editTypes, event.changeType],
    old: snapshotView(old),
    new: snapshotView(now),
    ...changeFrame(event),
    ...mapLinks,
    ...images,
  };
}
