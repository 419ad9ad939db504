/**
 * Every change auto-create makes to a guild, behind one interface: the live writer calls Discord's REST API
 * through discord.js's client; the dry-run writer makes no request at all and hands out placeholder ids, so the
 * same build code reports what a run would do (spec: "Dry run … makes no mutating platform calls").
 */
import { ChannelType, Routes, ThreadAutoArchiveDuration, type REST } from 'discord.js';
import type { DiscordMessageBody } from './picker.ts';

/** The literal name of every webhook auto-create makes (the spec's `Service`). */
export const SERVICE_WEBHOOK_NAME = 'Service';

export interface OverwriteData {
  readonly id: string;
  /** 0 = role */
  readonly type: 0;
  readonly allow: string;
  readonly deny: string;
}

export interface NewChannel {
  readonly name: string;
  readonly kind: 'category' | 'text' | 'voice';
  readonly parentId: string | null;
  readonly topic: string;
  readonly overwrites: readonly OverwriteData[];
}

export interface ServiceWebhook {
  readonly id: string;
  readonly url: string;
}

export interface GuildWriter {
  readonly dryRun: boolean;
  createRole(guildId: string, name: string): Promise<string>;
  createChannel(guildId: string, channel: NewChannel): Promise<string>;
  moveChannel(channelId: string, parentId: string | null): Promise<void>;
  createPrivateThread(parentId: string, name: string): Promise<string>;
  /** the channel's `Service` webhook made by this bot, if any (a read; null for a channel of a dry run) */
  findServiceWebhook(channelId: string): Promise<ServiceWebhook | null>;
  createServiceWebhook(channelId: string): Promise<ServiceWebhook>;
  deleteWebhook(webhookId: string): Promise<void>;
  deleteChannel(channelId: string): Promise<void>;
  sendMessage(channelId: string, body: DiscordMessageBody): Promise<string>;
  editMessage(channelId: string, messageId: string, body: DiscordMessageBody): Promise<void>;
  deleteMessage(channelId: string, messageId: string): Promise<void>;
  pinMessage(channelId: string, messageId: string): Promise<void>;
}

const CHANNEL_TYPE = { category: ChannelType.GuildCategory, text: ChannelType.GuildText, voice: ChannelType.GuildVoice } as const;

interface ApiWebhook {
  readonly id: string;
  readonly name?: string | null;
  readonly token?: string;
  readonly url?: string;
  readonly user?: { readonly id: string };
  readonly application_id?: string | null;
}

/**
 * `https://discord.com/api/webhooks/<id>/<token>` for the default [discord] api_url: the URL webhook humans are
 * keyed by, built as discord.js builds a webhook's `url` (the API base without a version).
 */
export function webhookUrl(apiBase: string, id: string, token: string): string {
  return `${apiBase}/webhooks/${id}/${token}`;
}

export function liveGuildWriter(rest: REST, botUserId: string, apiBase: string): GuildWriter {
  const ownWebhook = (w: ApiWebhook): boolean => w.name === SERVICE_WEBHOOK_NAME && w.token !== undefined && (w.user?.id === botUserId || w.application_id === botUserId);
  return {
    dryRun: false,
    async createRole(guildId, name) {
      const role = (await rest.post(Routes.guildRoles(guildId), { body: { name }, reason: 'auto-create' })) as { id: string };
      return role.id;
    },
    async createChannel(guildId, c) {
      const body = {
        name: c.name,
        type: CHANNEL_TYPE[c.kind],
        ...(c.kind === 'text' && c.topic !== '' ? { topic: c.topic } : {}),
        ...(c.parentId ? { parent_id: c.parentId } : {}),
        permission_overwrites: c.overwrites,
      };
      const created = (await rest.post(Routes.guildChannels(guildId), { body, reason: 'auto-create' })) as { id: string };
      return created.id;
    },
    async moveChannel(channelId, parentId) {
      await rest.patch(Routes.channel(channelId), { body: { parent_id: parentId }, reason: 'auto-create' });
    },
    async createPrivateThread(parentId, name) {
      const body = { name, type: ChannelType.PrivateThread, auto_archive_duration: ThreadAutoArchiveDuration.OneWeek, invitable: false };
      const thread = (await rest.post(Routes.threads(parentId), { body, reason: 'auto-create' })) as { id: string };
      return thread.id;
    },
    async findServiceWebhook(channelId) {
      const hooks = (await rest.get(Routes.channelWebhooks(channelId))) as ApiWebhook[];
      const hook = hooks.find(ownWebhook);
      return hook?.token ? { id: hook.id, url: webhookUrl(apiBase, hook.id, hook.token) } : null;
    },
    async createServiceWebhook(channelId) {
      const hook = (await rest.post(Routes.channelWebhooks(channelId), { body: { name: SERVICE_WEBHOOK_NAME }, reason: 'auto-create' })) as ApiWebhook;
      if (!hook.token) throw new Error(`Discord created webhook ${hook.id} without a token`);
      return { id: hook.id, url: webhookUrl(apiBase, hook.id, hook.token) };
    },
    async deleteWebhook(webhookId) {
      await rest.delete(Routes.webhook(webhookId), { reason: 'auto-create removal' });
    },
    async deleteChannel(channelId) {
      await rest.delete(Routes.channel(channelId), { reason: 'auto-create removal' });
    },
    async sendMessage(channelId, body) {
      const message = (await rest.post(Routes.channelMessages(channelId), { body })) as { id: string };
      return message.id;
    },
    async editMessage(channelId, messageId, body) {
      await rest.patch(Routes.channelMessage(channelId, messageId), { body });
    },
    async deleteMessage(channelId, messageId) {
      await rest.delete(Routes.channelMessage(channelId, messageId));
    },
    async pinMessage(channelId, messageId) {
      await rest.put(Routes.channelPin(channelId, messageId));
    },
  };
}

export const DRY_RUN_ID_PREFIX = 'dry-run-';

/**
 * The dry-run writer: no mutating request is made; new things get ids `dry-run-<n>`, so the report can name
 * them. Reads (a channel's webhooks) go to `reader` for channels that exist.
 */
export function dryRunGuildWriter(reader: Pick<GuildWriter, 'findServiceWebhook'> | null = null): GuildWriter {
  let next = 0;
  const id = async (): Promise<string> => `${DRY_RUN_ID_PREFIX}${++next}`;
  const nothing = async (): Promise<void> => undefined;
  return {
    dryRun: true,
    createRole: id,
    createChannel: id,
    moveChannel: nothing,
    createPrivateThread: id,
    findServiceWebhook: async (channelId) => (reader && !channelId.startsWith(DRY_RUN_ID_PREFIX) ? reader.findServiceWebhook(channelId) : null),
    createServiceWebhook: async () => ({ id: await id(), url: '' }),
    deleteWebhook: nothing,
    deleteChannel: nothing,
    sendMessage: id,
    editMessage: nothing,
    deleteMessage: nothing,
    pinMessage: nothing,
  };
}
