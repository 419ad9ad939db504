/**
 * What a Discord user administers by delegation, in PoracleWeb's `getAdministrationRoles` shape: the channels of
 * the `[[discord.delegated_admins]]` targets it holds (a guild's text channels and threads, a category's channels,
 * a channel itself), the `[[discord.webhook_admins]]` webhooks, and whether it manages other users' tracking —
 * by its user id or the roles it holds in the checked guilds.
 */
import { Routes, type Client } from 'discord.js';
import type { DiscordConfig } from '../../../core/config/index.ts';
import { namesPrincipal } from '../../../core/membership/index.ts';
import { checkedGuilds, membershipsOf } from './members.ts';
import { rolesOf } from './access.ts';

export type DiscordAdministration = {
  readonly channels: readonly string[];
  readonly webhooks: readonly string[];
  readonly users: boolean;
};

type Delegation = Pick<DiscordConfig, 'guilds' | 'delegated_admins' | 'webhook_admins' | 'user_tracking_admins'>;

interface ApiChannel {
  readonly id: string;
  readonly type: number;
  readonly parent_id?: string | null;
}

/** Text, announcement and forum channels and threads: where alerts can go. */
const ALERT_CHANNEL_TYPES = new Set([0, 5, 10, 11, 12, 15]);

export async function discordAdministration(client: Client, delegation: Delegation, userId: string): Promise<DiscordAdministration> {
  const guilds = checkedGuilds(client, delegation.guilds);
  const needsRoles = delegation.delegated_admins.length + delegation.webhook_admins.length + delegation.user_tracking_admins.length > 0;
  const roles = needsRoles ? rolesOf(await membershipsOf(client.rest, guilds, userId)) : [];
  const holds = (list: readonly string[]): boolean => namesPrincipal(list, { id: userId, roles });

  const targets = delegation.delegated_admins.filter((d) => holds(d.admins)).map((d) => d.target);
  const channels = new Set<string>();
  if (targets.length > 0) {
    for (const guildId of guilds) {
      const list = ((await client.rest.get(Routes.guildChannels(guildId))) as ApiChannel[]).filter((c) => ALERT_CHANNEL_TYPES.has(c.type));
      for (const c of list) if (targets.includes(guildId) || targets.includes(c.id) || (c.parent_id && targets.includes(c.parent_id))) channels.add(c.id);
    }
  }
  return {
    channels: [...channels],
    webhooks: delegation.webhook_admins.filter((d) => holds(d.admins)).map((d) => d.target),
    users: holds(delegation.user_tracking_admins),
  };
}
