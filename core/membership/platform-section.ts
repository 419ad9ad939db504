/**
 * The one bridge from a platform's name to its config for membership rules (admins, command security, delegated
 * administration, a community's channels), and the one test of whether a principal is named in a list of user (or role) ids.
 * The chat sections are still declared by the core's config schema; every membership rule reads them through here.
 */
import type { CommunityConfig, Config, DelegatedAdmins } from '../config/index.ts';

/** What the membership rules read of a chat platform's section (`[discord]` and `[telegram]` both have it). */
export interface PlatformSection {
  readonly admins: readonly string[];
  readonly command_security: Readonly<Record<string, readonly string[]>>;
  readonly delegated_admins: readonly DelegatedAdmins[];
  readonly user_tracking_admins: readonly string[];
}

const SECTIONS: Readonly<Record<string, (config: Config) => PlatformSection>> = {
  discord: (config) => config.discord,
  telegram: (config) => config.telegram,
};

/** The platform's section; null for a platform without one (webhooks, tests' platforms). */
export function platformSection(config: Config, platform: string): PlatformSection | null {
  return Object.hasOwn(SECTIONS, platform) ? SECTIONS[platform]!(config) : null;
}

const COMMUNITY_CHANNELS: Readonly<Record<string, (community: CommunityConfig) => readonly string[]>> = {
  discord: (community) => community.discord.channels,
  telegram: (community) => community.telegram.channels,
};

/** A community's channels (or groups) on the platform; none for a platform communities do not name. */
export function communityChannels(community: CommunityConfig, platform: string): readonly string[] {
  return Object.hasOwn(COMMUNITY_CHANNELS, platform) ? COMMUNITY_CHANNELS[platform]!(community) : [];
}

/** Whether any platform's `admins` lists the id. */
export function isAnyPlatformAdmin(config: Config, id: string): boolean {
  return Object.values(SECTIONS).some((section) => section(config).admins.includes(id));
}

export interface Principal {
  readonly id: string;
  /** role ids it holds (Discord) */
  readonly roles?: readonly string[];
}

/** Whether the list names the principal, by its id or one of its roles. */
export function namesPrincipal(list: readonly string[], who: Principal): boolean {
  return list.includes(who.id) || (who.roles ?? []).some((role) => list.includes(role));
}
