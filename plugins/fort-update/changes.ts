/**
 * What a fort update counts as for matching: its change kinds (the edit types plus the change type, an edit
 * of a fort that had neither name nor description counting as `new`) and whether the fort is "empty"
 * (neither side has a name or a description). Pure.
 */
import type { FortChangeKind, FortEvent, FortSnapshot } from './event.ts';

function hasText(side: FortSnapshot | null): boolean {
  return side !== null && (side.name !== null || side.description !== null);
}

export function isEmptyFort(event: FortEvent): boolean {
  return !hasText(event.old) && !hasText(event.new);
}

export function changeKinds(event: FortEvent): ReadonlySet<FortChangeKind> {
  const kinds = new Set<FortChangeKind>(event.editTypes);
  if (event.changeType === 'new' || event.changeType === 'removal') kinds.add(event.changeType);
  if (event.changeType === 'edit' && !hasText(event.old)) kinds.add('new');
  return kinds;
}
