/**
 * The Discord role check: member events (a role taken or given, a member leaving or joining — needs the Server
 * Members intent) and the periodic full pass over every registration decide who keeps access (access.ts), and the
 * core applies `role_check_mode` (ctx.membership). The pass also carries out `[reconciliation.discord]`: user names
 * followed, new role holders registered, channel names and notes followed, registrations of deleted channels
 * removed; and it keeps `blocked_alerts` in step with the roles members hold (command security).
 */
import { Events, Routes, type Client, type REST } from 'discord.js';
import type { RoleSubscription } from '../../../core/config/index.ts';
import type { PlatformContext } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import { communitiesByRoles, type MemberVerdict, type MembershipReport, type PeriodicPass } from '../../../core/membership/index.ts';
import type { Human } from '../../../core/model.ts';
import { TARGET_TYPES } from '../deliver.ts';
import { isUnknown, UNKNOWN_CHANNEL } from '../error-outcome.ts';
import { subscriptionRoleIds } from '../roles/subscriptions.ts';
import { discordAccess, rolesOf, type GuildMembership } from './access.ts';
import { checkedGuilds, guildMembers, memberRolesIn, membershipsOf, type MemberFacts } from './members.ts';
import type { MembershipSettings } from './settings.ts';


export interface PassReport {
  readonly checked: number;
  readonly membership: MembershipReport;
  readonly renamed: readonly string[];
  readonly registered: readonly string[];
  readonly channelsRemoved: readonly string[];
  readonly channelsRenamed: readonly string[];
}

interface ApiChannel {
  readonly id: string;
  readonly name?: string;
  readonly parent_id?: string | null;
  readonly type: number;
}

/** `[discord] user_role` ids no checked guild has: reported at start (a typo would lock everyone out). */
export function unknownRoles(client: Client, guildIds: readonly string[], roleIds: readonly string[]): string[] {
  const known = new Set(guildIds.flatMap((g) => [...(client.guilds.cache.get(g)?.roles.cache.keys() ?? [])]));
  const missingGuilds = guildIds.filter((g) => !client.guilds.cache.has(g)).map((g) => `membership: the bot is not in [discord] guild ${g}`);
  return [...missingGuilds, ...roleIds.filter((r) => !known.has(r)).map((r) => `membership: [discord] user_role ${r} is not a role of the checked guilds`)];
}

/** `[[discord.role_subscriptions]]` roles their guild does not have (or guilds the bot is not in): reported at start. */
export function unknownSubscriptionRoles(client: Client, subscriptions: readonly RoleSubscription[]): string[] {
  return subscriptions.flatMap((sub) => {
    const guild = client.guilds.cache.get(sub.guild);
    if (!guild) return [`membership: the bot is not in role_subscriptions guild ${sub.guild}`];
    return subscriptionRoleIds(sub).filter((id) => !guild.roles.cache.has(id)).map((id) => `membership: role_subscriptions role ${id} is not a role of guild ${sub.guild}`);
  });
}

export class DiscordMembership {
  private bot: { client: Client; ctx: PlatformContext } | null = null;
  private pass: PeriodicPass | null = null;

  constructor(readonly settings: MembershipSettings) {}

  private running(): { client: Client; ctx: PlatformContext } {
    if (!this.bot) throw new Error('the Discord role check is not started');
    return this.bot;
  }

  private guildIds(client: Client): string[] {
    return checkedGuilds(client, this.settings.guilds);
  }

  private rules() {
    return { userRoles: this.settings.userRoles };
  }

  /**
   * The verdicts the role-loss policy acts on: all of them with `[reconciliation.discord] remove_invalid_users` (the
   * default); without it, as in the previous generation, losses are only logged and kept — returns still re-enable.
   */
  private actionable(verdicts: readonly MemberVerdict[]): MemberVerdict[] {
    if (this.settings.reconciliation.remove_invalid_users) return [...verdicts];
    const { ctx } = this.running();
    for (const v of verdicts) if (!v.hasAccess && !this.settings.admins.has(v.humanId)) ctx.log.info({ humanId: v.humanId, reason: v.reason }, 'membership: access lost, kept ([reconciliation.discord] remove_invalid_users is off)');
    return verdicts.filter((v) => v.hasAccess);
  }

  start(client: Client, ctx: PlatformContext): void {
    this.bot = { client, ctx };
    const onMember = (guildId: string, userId: string): void => {
      if (!this.guildIds(client).includes(guildId)) return;
      void this.checkMember(userId).catch((err: unknown) => ctx.log.warn({ userId, reason: describeError(err) }, 'membership: checking a member failed'));
    };
    client.on(Events.GuildMemberUpdate, (_old, member) => onMember(member.guild.id, member.id));
    client.on(Events.GuildMemberAdd, (member) => onMember(member.guild.id, member.id));
    client.on(Events.GuildMemberRemove, (member) => onMember(member.guild.id, member.id));
    for (const warning of unknownRoles(client, this.guildIds(client), this.settings.userRoles)) ctx.log.warn(warning);
    for (const warning of unknownSubscriptionRoles(client, this.settings.roleSubscriptions)) ctx.log.warn(warning);
    if (this.settings.checkRole) {
      this.pass = ctx.membership.periodicPass('discord', this.settings.intervalHours, async () => {
        await this.runPass();
      });
      void this.pass.start();
    }
  }

  /** Runs the periodic pass now, or waits for the one running (tools and tests). */
  async passNow(): Promise<void> {
    await this.pass?.runNow();
  }

  stop(): void {
    this.pass?.stop();
    this.pass = null;
    this.bot = null;
  }

  /** One member, after an event: its access across the checked guilds; a new role holder may be registered. */
  async checkMember(userId: string): Promise<void> {
    const { client, ctx } = this.running();
    const memberships = await membershipsOf(client.rest, this.guildIds(client), userId);
    const human = await ctx.humans.get(userId);
    const verdict = discordAccess(memberships, this.rules());
    if (!human) {
      if (this.mayRegister(memberships)) await this.register(userId, (await client.users.fetch(userId)).username, rolesOf(memberships));
      return;
    }
    if (human.type !== TARGET_TYPES.user) return;
    if (this.settings.checkRole) await this.afterLoss(await ctx.membership.enforce(this.actionable([{ humanId: userId, ...verdict }]), { admins: this.settings.admins }));
    if (verdict.hasAccess) await this.syncAccess(userId, rolesOf(memberships));
  }

  /** A member with access: its blocked alert kinds and (area security on) its communities follow its roles. */
  private async syncAccess(userId: string, roles: readonly string[]): Promise<void> {
    const { ctx } = this.running();
    await ctx.membership.syncBlockedAlerts({ id: userId, roles, isAdmin: this.settings.admins.has(userId) });
    if (this.settings.areaSecurity.enabled) await ctx.membership.syncCommunities(userId, communitiesByRoles(this.settings.areaSecurity, roles));
  }

  /**
   * For each registration deleted or disabled: its self-service roles are taken back, and `lost_role_message` is sent
   * by DM. Failures (a user who blocks DMs) are logged; the others go on.
   */
  private async afterLoss(report: MembershipReport): Promise<void> {
    const { client, ctx } = this.running();
    for (const change of report.changes.filter((c) => c.action === 'delete' || c.action === 'disable')) {
      try {
        for (const sub of this.settings.roleSubscriptions) {
          const held = await memberRolesIn(client.rest, sub.guild, change.humanId);
          for (const id of subscriptionRoleIds(sub)) if (held?.has(id)) await client.rest.delete(Routes.guildMemberRole(sub.guild, change.humanId, id), { reason: 'access lost' });
        }
        if (this.settings.lostRoleMessage !== '') {
          const dm = (await client.rest.post(Routes.userChannels(), { body: { recipient_id: change.humanId } })) as { id: string };
          await client.rest.post(Routes.channelMessages(dm.id), { body: { content: this.settings.lostRoleMessage, allowed_mentions: { parse: [] } } });
        }
      } catch (err) {
        ctx.log.warn({ humanId: change.humanId, reason: describeError(err) }, 'membership: taking back roles or sending lost_role_message failed');
      }
    }
  }

  private mayRegister(memberships: readonly GuildMembership[]): boolean {
    if (!this.settings.reconciliation.register_new_users || this.settings.userRoles.length === 0) return false;
    return memberships.some((m) => m.roles !== null && this.settings.userRoles.some((r) => m.roles!.has(r)));
  }

  private async register(userId: string, name: string, roles: readonly string[]): Promise<void> {
    const { ctx } = this.running();
    await ctx.humans.register({ id: userId, type: TARGET_TYPES.user, name });
    await this.syncAccess(userId, roles);
    ctx.log.info({ userId, name }, 'membership: registered a member who holds a user_role (register_new_users)');
  }

  /** The full pass: every registration against the guilds' member lists, then the reconciliation of channels. */
  async runPass(options: { readonly dryRun?: boolean } = {}): Promise<PassReport> {
    const { client, ctx } = this.running();
    const dryRun = options.dryRun ?? false;
    const guildIds = this.guildIds(client);
    const lists = new Map<string, Map<string, MemberFacts>>();
    for (const guildId of guildIds) lists.set(guildId, await guildMembers(client.rest, guildId));
    const membershipsOfUser = (id: string): GuildMembership[] => guildIds.map((guildId) => ({ guildId, roles: lists.get(guildId)?.get(id)?.roles ?? null }));
    const factsOf = (id: string): MemberFacts | undefined => guildIds.map((g) => lists.get(g)?.get(id)).find((f) => f !== undefined);

    const users = await ctx.humans.list([TARGET_TYPES.user]);
    const verdicts: MemberVerdict[] = users.map((h) => ({ humanId: h.id, ...discordAccess(membershipsOfUser(h.id), this.rules()) }));
    const membership = this.settings.checkRole ? await ctx.membership.enforce(this.actionable(verdicts), { admins: this.settings.admins, dryRun }) : { dryRun, changes: [], failed: [] };
    if (!dryRun) await this.afterLoss(membership);
    const renamed: string[] = [];
    const registered: string[] = [];
    if (!dryRun) {
      const gone = new Set(membership.changes.filter((c) => c.action === 'delete').map((c) => c.humanId));
      for (const human of users) {
        if (gone.has(human.id)) continue;
        const facts = factsOf(human.id);
        if (facts && this.settings.reconciliation.update_user_names && facts.username !== '' && facts.username !== human.name) {
          await ctx.humans.rename(human.id, { name: facts.username });
          renamed.push(human.id);
        }
        if (facts) await this.syncAccess(human.id, rolesOf(membershipsOfUser(human.id)));
      }
      const known = new Set(users.map((u) => u.id));
      for (const guildId of guildIds) {
        for (const [userId, facts] of lists.get(guildId) ?? []) {
          if (known.has(userId) || !this.mayRegister(membershipsOfUser(userId))) continue;
          await this.register(userId, facts.username, rolesOf(membershipsOfUser(userId)));
          known.add(userId);
          registered.push(userId);
        }
      }
    }
    const channels = await this.reconcileChannels(client.rest, guildIds, dryRun);
    ctx.log.info({ checked: users.length, changes: membership.changes.length, renamed: renamed.length, registered: registered.length, channelsRemoved: channels.removed.length, channelsRenamed: channels.renamed.length, dryRun }, 'membership: discord pass');
    return { checked: users.length, membership, renamed, registered, channelsRemoved: channels.removed, channelsRenamed: channels.renamed };
  }

  /** Channel and thread registrations: names and notes followed, deleted ones unregistered, as configured. */
  private async reconcileChannels(rest: REST, guildIds: readonly string[], dryRun: boolean): Promise<{ removed: string[]; renamed: string[] }> {
    const { ctx } = this.running();
    const rec = this.settings.reconciliation;
    const removed: string[] = [];
    const renamed: string[] = [];
    if (!rec.update_channel_names && !rec.update_channel_notes && !rec.unregister_missing_channels) return { removed, renamed };
    const live = new Map<string, ApiChannel>();
    for (const guildId of guildIds) {
      for (const c of (await rest.get(Routes.guildChannels(guildId))) as ApiChannel[]) live.set(c.id, c);
      const active = (await rest.get(Routes.guildActiveThreads(guildId))) as { threads?: ApiChannel[] };
      for (const t of active.threads ?? []) live.set(t.id, t);
    }
    for (const human of await ctx.humans.list([TARGET_TYPES.channel, TARGET_TYPES.thread])) {
      const channel = live.get(human.id) ?? (await this.readChannel(rest, human));
      if (channel === null) {
        if (rec.unregister_missing_channels) {
          removed.push(human.id);
          if (!dryRun) await ctx.humans.delete(human.id);
          ctx.log.info({ humanId: human.id, name: human.name, dryRun }, 'membership: registration of a deleted channel removed (unregister_missing_channels)');
        }
        continue;
      }
      if (channel === undefined) continue;
      const name = rec.update_channel_names && channel.name && channel.name !== human.name ? channel.name : undefined;
      const category = channel.parent_id ? live.get(channel.parent_id)?.name : undefined;
      const notes = rec.update_channel_notes && category !== undefined && category !== human.notes ? category : undefined;
      if (name === undefined && notes === undefined) continue;
      renamed.push(human.id);
      if (!dryRun) await ctx.humans.rename(human.id, { ...(name ? { name } : {}), ...(notes !== undefined ? { notes } : {}) });
    }
    return { removed, renamed };
  }

  /** A registered channel missing from the lists (an archived thread, another guild): null when Discord says it is gone, undefined when unknown. */
  private async readChannel(rest: REST, human: Human): Promise<ApiChannel | null | undefined> {
    try {
      return (await rest.get(Routes.channel(human.id))) as ApiChannel;
    } catch (err) {
      if (isUnknown(err, UNKNOWN_CHANNEL)) return null;
      return undefined;
    }
  }
}
