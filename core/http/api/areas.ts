/**
 * Area names against the loaded geofences: validating a requested list (unknown names are a 400 naming
 * them), the legacy silent intersection of setAreas, the areas a human may pick and whether a point is
 * within a human's area restriction.
 */
import type { AreaSecurityConfig } from '../../config/index.ts';
import type { Fence } from '../../geo/index.ts';
import { areaChoiceLimit } from '../../membership/index.ts';
import { LookoutError } from '../../errors.ts';
import type { Human } from '../../model.ts';
import type { HumanApiDeps } from './deps.ts';

function fences(deps: HumanApiDeps): readonly Fence[] {
  return deps.geofences.current.fences;
}

function dedupeLower(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n !== ''))];
}

/** Lower-cased, de-duplicated names, every one a loaded fence; 400 naming the unknown ones. */
export function knownAreas(deps: HumanApiDeps, names: readonly string[], field = 'area'): string[] {
  const known = new Set(fences(deps).map((f) => f.name.toLowerCase()));
  const wanted = dedupeLower(names);
  const unknown = wanted.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new LookoutError('BAD_REQUEST', `${field}: unknown area${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, { field, unknown });
  return wanted;
}

const SECURITY_OFF: AreaSecurityConfig = { enabled: false, strict_locations: false, communities: [] };

/** The areas the human may choose beyond user-selectable ones (core/membership areaChoiceLimit), or null. */
function choiceLimit(deps: HumanApiDeps, human: Human): ReadonlySet<string> | null {
  return areaChoiceLimit(deps.areaSecurity ?? SECURITY_OFF, human, deps.isAdmin?.(human.id) ?? false);
}

/** The fences the human may pick: selectable ones, within its choice limit when it has one. */
function pickable(deps: HumanApiDeps, human: Human): Fence[] {
  const allowed = choiceLimit(deps, human);
  return fences(deps).filter((f) => f.userSelectable !== false && (!allowed || allowed.has(f.name.toLowerCase())));
}

/** setAreas as the previous generation did it: lower-cased, de-duplicated, silently limited to pickable areas. */
export function pickableAreas(deps: HumanApiDeps, human: Human, names: readonly string[]): string[] {
  const allowed = new Set(pickable(deps, human).map((f) => f.name.toLowerCase()));
  return dedupeLower(names).filter((n) => allowed.has(n));
}

/** GET /humans/{id}'s `areas`: every fence, or those within the human's choice limit when it has one. */
export function areaChoices(deps: HumanApiDeps, human: Human): Record<string, unknown>[] {
  const allowed = choiceLimit(deps, human);
  return fences(deps)
    .filter((f) => !allowed || allowed.has(f.name.toLowerCase()))
    .map((f) => ({ name: f.name, group: f.group, description: f.description, userSelectable: f.userSelectable }));
}

/** True without an area restriction, else when the point lies in one of the restricted areas. */
export function locationAllowed(deps: HumanApiDeps, human: Human, latitude: number, longitude: number): boolean {
  if (!human.areaRestriction) return true;
  const allowed = new Set(human.areaRestriction.map((a) => a.toLowerCase()));
  return deps.geofences.current.index.query(latitude, longitude).some((f) => allowed.has(f.name.toLowerCase()));
}
