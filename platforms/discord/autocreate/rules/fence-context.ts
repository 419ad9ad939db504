/**
 * What an auto-create rule's `filter` and `params` expressions see for one geofence: every member of the
 * fence's GeoJSON properties at the top level, with the named fields (name, group, description, color,
 * userSelectable, displayInMatches) written over them, so a property that happens to share a name with a
 * named field never wins. Pure.
 */
import type { Fence } from '../../../../core/geo/fence.ts';

/** The parts of a fence an expression can see. */
export type FenceForRule = Pick<Fence, 'name' | 'group' | 'description' | 'color' | 'userSelectable' | 'displayInMatches' | 'properties'>;

/** The Handlebars context of one fence: a fresh plain object, properties first, named fields last. */
export type FenceContext = Readonly<Record<string, unknown>>;

export function fenceContext(fence: FenceForRule): FenceContext {
  return {
    ...fence.properties,
    name: fence.name,
    group: fence.group,
    description: fence.description,
    color: fence.color,
    userSelectable: fence.userSelectable,
    displayInMatches: fence.displayInMatches,
  };
}
