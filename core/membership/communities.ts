/**
 * Area security (`[area_security]`), pure: communities sharing one installation, each with the areas its members
 * may add (`allowed_areas`) and the areas their alerts must come from under `strict_locations` (`location_fence`,
 * stored on the human as `area_restriction`). A human's communities are `community_membership`, lower-case
 * names of configured communities. Names of areas compare case-insensitively.
 */
import type { AreaSecurityConfig, CommunityConfig } from '../config/index.ts';
import type { Human } from '../model.ts';
import { communityChannels } from './platform-section.ts';

const lower = (s: string): string => s.trim().toLowerCase();

export function communityNamed(security: AreaSecurityConfig, name: string): CommunityConfig | undefined {
  return security.communities.find((c) => lower(c.name) === lower(name));
}

/** Keeps the configured communities of a list, lower-case, each once, sorted. */
export function validCommunities(security: AreaSecurityConfig, names: readonly string[]): string[] {
  return [...new Set(names.map(lower).filter((n) => communityNamed(security, n) !== undefined))].sort();
}

export function addCommunity(security: AreaSecurityConfig, membership: readonly string[], name: string): string[] {
  return validCommunities(security, [...membership, name]);
}

export function removeCommunity(security: AreaSecurityConfig, membership: readonly string[], name: string): string[] {
  return validCommunities(security, membership.filter((n) => lower(n) !== lower(name)));
}

function union(security: AreaSecurityConfig, membership: readonly string[], pick: (c: CommunityConfig) => readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of membership) for (const area of pick(communityNamed(security, name) ?? EMPTY)) out.add(lower(area));
  return [...out];
}

const EMPTY: CommunityConfig = { name: '', allowed_areas: [], location_fence: [], discord: { channels: [], user_role: [] }, telegram: { channels: [] } };

/** The areas members of these communities may add (lower-case). */
export function allowedAreas(security: AreaSecurityConfig, membership: readonly string[]): ReadonlySet<string> {
  return new Set(union(security, membership, (c) => c.allowed_areas));
}

/** humans.area_restriction for these communities: their location fences, lower-case, each once. */
export function locationRestriction(security: AreaSecurityConfig, membership: readonly string[]): string[] {
  return union(security, membership, (c) => c.location_fence);
}

/** The communities whose registration channels on `platform` include this one. */
export function communitiesOfChannel(security: AreaSecurityConfig, platform: string, channelId: string): string[] {
  if (!security.enabled) return [];
  return validCommunities(security, security.communities.filter((c) => communityChannels(c, platform).includes(channelId)).map((c) => c.name));
}

/**
 * The areas (lower-case) a human may choose besides the user-selectable rule, or null for no limit: admins have
 * none; with area security on, a community member (area_restriction set) may choose its communities'
 * `allowed_areas` — channels and webhooks (no area_restriction) are not limited, as in the previous generation;
 * with it off, an area_restriction written by the API still limits the choice.
 */
export function areaChoiceLimit(security: AreaSecurityConfig, human: Pick<Human, 'areaRestriction' | 'communityMembership'>, isAdmin: boolean): ReadonlySet<string> | null {
  if (isAdmin || human.areaRestriction === null) return null;
  return security.enabled ? allowedAreas(security, human.communityMembership) : new Set(human.areaRestriction.map(lower));
}

/**
 * The communities a Discord member belongs to by its roles: those whose `discord.user_role` it holds (area security
 * on). Lower-case names, sorted.
 */
export function communitiesByRoles(security: AreaSecurityConfig, roles: readonly string[]): string[] {
  if (!security.enabled) return [];
  const held = new Set(roles);
  return validCommunities(security, security.communities.filter((c) => c.discord.user_role.some((r) => held.has(r))).map((c) => c.name));
}

/** Every community's Discord roles: with area security on they, not `[discord] user_role`, grant access. */
export function communityRoles(security: AreaSecurityConfig): string[] {
  return security.enabled ? [...new Set(security.communities.flatMap((c) => c.discord.user_role))] : [];
}
