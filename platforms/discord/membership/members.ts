/**
 * Reading Discord members through the gateway bot's REST client: one user's membership in each checked guild
 * (`GET /guilds/:id/members/:user`, 10007 = not a member), and a whole guild's member list in pages of 1,000
 * (`GET /guilds/:id/members?limit=1000&after=`): a 50,000-member guild is 50 requests, paced by discord.js's rate
 * limiter, never one request per user.
 */
import { DiscordAPIError, Routes, type REST } from 'discord.js';
import type { GuildMembership } from './access.ts';

const UNKNOWN_MEMBER = 10007;
export const MEMBER_PAGE = 1000;

export interface MemberFacts {
  readonly roles: ReadonlySet<string>;
  readonly username: string;
}

interface ApiMember {
  readonly user?: { readonly id: string; readonly username?: string };
  readonly roles?: readonly string[];
}

export async function membershipsOf(rest: REST, guildIds: readonly string[], userId: string): Promise<GuildMembership[]> {
  const out: GuildMembership[] = [];
  for (const guildId of guildIds) {
    try {
      const member = (await rest.get(Routes.guildMember(guildId, userId))) as ApiMember;
      out.push({ guildId, roles: new Set(member.roles ?? []) });
    } catch (err) {
      if (err instanceof DiscordAPIError && (Number(err.code) === UNKNOWN_MEMBER || err.status === 404)) out.push({ guildId, roles: null });
      else throw err;
    }
  }
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
