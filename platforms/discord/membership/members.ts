/**
 * Reading Discord members through the gateway bot's REST client: one user's membership in each checked guild
 * (`GET /guilds/:id/members/:user`, 10007 = not a member), and a whole guild's member list in pages of 1,000
 * (`GET /guilds/:id/members?limit=1000&after=`): a 50,000-member guild is 50 requests, paced by discord.js's rate
 * limiter, never one request per user.
 */
import { Routes, type Client, type REST } from 'discord.js';
import { isUnknown, UNKNOWN_MEMBER } from '../error-outcome.ts';
import type { GuildMembership } from './access.ts';

export const MEMBER_PAGE = 1000;

export interface MemberFacts {
  readonly roles: ReadonlySet<string>;
  readonly username: string;
}

interface ApiMember {
  readonly user?: { readonly id: string; readonly username?: string };
  readonly roles?: readonly string[];
}

/** The guilds a check covers: `[discord] guilds`, or every guild the bot is in when none are listed. */
export function checkedGuilds(client: Client, configured: readonly string[]): string[] {
  return configured.length > 0 ? [...configured] : [...client.guilds.cache.keys()];
}

/** A user's roles in one guild; null when it is not a member (10007 Unknown Member). */
export async function memberRolesIn(rest: REST, guildId: string, userId: string): Promise<Set<string> | null> {
  try {
    const member = (await rest.get(Routes.guildMember(guildId, userId))) as ApiMember;
    return new Set(member.roles ?? []);
  } catch (err) {
    if (isUnknown(err, UNKNOWN_MEMBER)) return null;
    throw err;
  }
}

export async function membershipsOf(rest: REST, guildIds: readonly string[], userId: string): Promise<GuildMembership[]> {
  const out: GuildMembership[] = [];
  for (const guildId of guildIds) out.push({ guildId, roles: await memberRolesIn(rest, guildId, userId) });
  return out;
}

/** Every member of a guild: user id → roles and name. */
export async function guildMembers(rest: REST, guildId: string): Promise<Map<string, MemberFacts>> {
  const members = new Map<string, MemberFacts>();
  let after = '0';
  for (;;) {
    const page = (await rest.get(Routes.guildMembers(guildId), { query: new URLSearchParams({ limit: String(MEMBER_PAGE), after }) })) as ApiMember[];
    for (const m of page) if (m.user) members.set(m.user.id, { roles: new Set(m.roles ?? []), username: m.user.username ?? '' });
    if (page.length < MEMBER_PAGE) return members;
    after = page[page.length - 1]!.user?.id ?? after;
  }
}
