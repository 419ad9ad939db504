/**
 * The parsed fort update (`FortEvent`): a gym or stop that appeared, changed or disappeared, with the fort as
 * it was and as it is.
 */

export type FortType = 'pokestop' | 'gym' | 'station';
export type FortChangeType = 'new' | 'edit' | 'removal';
/** what a rule's `change_types` may name */
export type FortChangeKind = 'name' | 'description' | 'image_url' | 'location' | 'new' | 'removal';

/** One side (old or new) of a fort update. */
export interface FortSnapshot {
  readonly id: string;
  readonly type: FortType;
  readonly name: string | null;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly latitude: number;
  readonly longitude: number;
}

export interface FortEvent {
  readonly changeType: FortChangeType;
  /** what changed on an edit (`name`, `description`, `image_url`, `location`); empty otherwise */
  readonly editTypes: readonly FortChangeKind[];
  readonly old: FortSnapshot | null;
  readonly new: FortSnapshot | null;
  /** id, type and position come from `new`, else `old` */
  readonly fortId: string;
  readonly fortType: FortType;
  readonly latitude: number;
  readonly longitude: number;
}
