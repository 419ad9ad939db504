/**
 * What the fake Discord remembers, in memory: users (bots included), guilds with their roles and members' roles,
 * channels (DMs, text, categories, threads), messages, webhooks and button interactions. Plain mutable records;
 * json.ts turns them into the API's JSON.
 */
import { isSnowflake, type NextSnowflake } from './snowflake.ts';

export const CHANNEL_TYPES = { text: 0, dm: 1, voice: 2, category: 4, announcement: 5, publicThread: 11, privateThread: 12 } as const;

export interface FakeUser {
  readonly id: string;
  username: string;
  readonly bot: boolean;
  /** sending to this user's DM answers 403 50007 (the user blocks DMs from the bot) */
  dmBlocked: boolean;
}

export interface FakeRole {
  readonly id: string;
  name: string;
  color: number;
  permissions: string;
  hoist: boolean;
  mentionable: boolean;
  position: number;
}

export interface FakeGuild {
  readonly id: string;
  name: string;
  readonly ownerId: string;
  /** in an outage: listed in READY, but no GUILD_CREATE follows */
  unavailable: boolean;
  readonly roles: Map<string, FakeRole>;
  /** user id → role ids: the guild's members (a user listed here, or any user not in `departed`, reads as a member) */
  readonly memberRoles: Map<string, Set<string>>;
  /** users who left or were removed: `GET …/members/:id` answers 10007 Unknown Member */
  readonly departed: Set<string>;
}

export interface PermissionOverwrite {
  readonly id: string;
  readonly type: number;
  readonly allow: string;
  readonly deny: string;
}

export interface FakeChannel {
  readonly id: string;
  type: number;
  name: string | null;
  readonly guildId: string | null;
  parentId: string | null;
  topic: string | null;
  position: number;
  readonly overwrites: Map<string, PermissionOverwrite>;
  /** DM channels: the user and the bot the conversation is between */
  readonly recipientId: string | null;
  readonly botId: string | null;
  /** threads */
  ownerId: string | null;
  archived: boolean;
  locked: boolean;
  autoArchiveMinutes: number;
  readonly threadMembers: Set<string>;
}

export interface FakeAuthor {
  readonly id: string;
  readonly username: string;
  readonly bot: boolean;
}

export interface FakeMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly author: FakeAuthor;
  content: string;
  embeds: unknown[];
  components: unknown[];
  readonly webhookId: string | null;
  /** the message this one replies to (`message_reference` of the send), null when none */
  readonly referencedId: string | null;
  readonly createdAt: number;
  editedAt: number | null;
  /** pinned in its channel (`PUT /channels/:id/pins/:mid`) */
  pinned: boolean;
  /** emoji the bot reacted with */
  readonly reactions: Set<string>;
  /** files uploaded with the message */
  attachments: FakeAttachment[];
}

/** A file uploaded with a message, served (in Discord) from its CDN at `url`. */
export interface FakeAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly url: string;
}

export interface FakeWebhook {
  readonly id: string;
  readonly token: string;
  readonly channelId: string;
  readonly guildId: string | null;
  name: string;
  avatar: string | null;
  /** the user (a bot) that made it: listed as `user`, and as `application_id` for a bot */
  readonly creator: FakeAuthor | null;
}

export interface FakeInteraction {
  readonly id: string;
  readonly token: string;
  readonly applicationId: string;
  readonly channelId: string;
  readonly userId: string;
  readonly customId: string;
  /** bodies posted to its callback and follow-up routes, in order */
  readonly responses: unknown[];
}

export interface ChannelSeed {
  readonly id?: string;
  readonly name?: string;
  readonly type?: number;
  readonly guildId?: string;
  readonly parentId?: string | null;
  readonly topic?: string | null;
}

export interface UserSeed {
  readonly id?: string;
  readonly username?: string;
  readonly bot?: boolean;
  readonly dmBlocked?: boolean;
}

export interface GuildSeed {
  readonly id?: string;
  readonly name?: string;
  readonly ownerId?: string;
  /** an outage: READY lists the guild, no GUILD_CREATE follows (discord.js then waits for it) */
  readonly unavailable?: boolean;
  readonly channels?: readonly Omit<ChannelSeed, 'guildId'>[];
  readonly roles?: readonly { readonly id?: string; readonly name: string }[];
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function checkId(id: string | undefined, what: string): void {
  if (id !== undefined && !isSnowflake(id)) throw new TypeError(`fake discord: ${what} id must be a numeric string, got ${JSON.stringify(id)}`);
}

export function isThread(channel: FakeChannel): boolean {
  return channel.type === CHANNEL_TYPES.publicThread || channel.type === CHANNEL_TYPES.privateThread;
}

export class FakeDiscordState {
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, FakeMessage>();
  readonly webhooks = new Map<string, FakeWebhook>();
  readonly interactions = new Map<string, FakeInteraction>();
  /** ids of messages deleted through the API, in order */
  readonly deletedMessageIds: string[] = [];
  private readonly botsByToken = new Map<string, FakeUser>();
  private readonly nextId: NextSnowflake;
  private readonly botName: string;

  constructor(nextId: NextSnowflake, botName: string) {
    this.nextId = nextId;
    this.botName = botName;
  }

  newId(): string {
    return this.nextId();
  }

  /** A random webhook or interaction token (68 characters, like Discord's). */
  newToken(): string {
    let token = '';
    for (let i = 0; i < 68; i++) token += TOKEN_ALPHABET[Math.floor(Math.random() * TOKEN_ALPHABET.length)];
    return token;
  }

  /** The bot user a token belongs to; every distinct token is its own bot, created on first use. */
  botForToken(token: string): FakeUser {
    let bot = this.botsByToken.get(token);
    if (!bot) {
      const n = this.botsByToken.size + 1;
      bot = this.addUser({ username: n === 1 ? this.botName : `${this.botName} ${n}`, bot: true });
      this.botsByToken.set(token, bot);
    }
    return bot;
  }

  addUser(seed: UserSeed = {}): FakeUser {
    checkId(seed.id, 'user');
    const id = seed.id ?? this.newId();
    const existing = this.users.get(id);
    const user: FakeUser = {
      id,
      username: seed.username ?? existing?.username ?? `user${id.slice(-4)}`,
      bot: seed.bot ?? existing?.bot ?? false,
      dmBlocked: seed.dmBlocked ?? existing?.dmBlocked ?? false,
    };
    this.users.set(id, user);
    return user;
  }

  ensureUser(id: string): FakeUser {
    return this.users.get(id) ?? this.addUser({ id });
  }

  addGuild(seed: GuildSeed = {}): FakeGuild {
    checkId(seed.id, 'guild');
    const id = seed.id ?? this.newId();
    const guild: FakeGuild = { id, name: seed.name ?? `guild ${id.slice(-4)}`, ownerId: seed.ownerId ?? '1', unavailable: seed.unavailable ?? false, roles: new Map(), memberRoles: new Map(), departed: new Set() };
    guild.roles.set(id, { id, name: '@everyone', color: 0, permissions: '0', hoist: false, mentionable: false, position: 0 });
    this.guilds.set(id, guild);
    for (const role of seed.roles ?? []) this.addRole(guild, { name: role.name, ...(role.id ? { id: role.id } : {}) });
    for (const channel of seed.channels ?? []) this.addChannel({ ...channel, guildId: id });
    return guild;
  }

  addRole(guild: FakeGuild, seed: { id?: string; name: string; color?: number; permissions?: string; hoist?: boolean; mentionable?: boolean }): FakeRole {
    checkId(seed.id, 'role');
    const role: FakeRole = {
      id: seed.id ?? this.newId(),
      name: seed.name,
      color: seed.color ?? 0,
      permissions: seed.permissions ?? '0',
      hoist: seed.hoist ?? false,
      mentionable: seed.mentionable ?? false,
      position: guild.roles.size,
    };
    guild.roles.set(role.id, role);
    return role;
  }

  addChannel(seed: ChannelSeed & { readonly recipientId?: string; readonly botId?: string; readonly ownerId?: string }): FakeChannel {
    checkId(seed.id, 'channel');
    if (seed.guildId !== undefined && !this.guilds.has(seed.guildId)) throw new TypeError(`fake discord: unknown guild ${seed.guildId}`);
    const id = seed.id ?? this.newId();
    const type = seed.type ?? CHANNEL_TYPES.text;
    const channel: FakeChannel = {
      id,
      type,
      name: seed.name ?? (type === CHANNEL_TYPES.dm ? null : `channel-${id.slice(-4)}`),
      guildId: seed.guildId ?? null,
      parentId: seed.parentId ?? null,
      topic: seed.topic ?? null,
      position: this.channels.size,
      overwrites: new Map(),
      recipientId: seed.recipientId ?? null,
      botId: seed.botId ?? null,
      ownerId: seed.ownerId ?? null,
      archived: false,
      locked: false,
      autoArchiveMinutes: 1440,
      threadMembers: new Set(),
    };
    this.channels.set(id, channel);
    return channel;
  }

  /** The DM channel between a bot and a user, opened on first use (Discord answers the same channel every time). */
  dmChannel(botId: string, userId: string): FakeChannel {
    for (const channel of this.channels.values()) {
      if (channel.type === CHANNEL_TYPES.dm && channel.botId === botId && channel.recipientId === userId) return channel;
    }
    return this.addChannel({ type: CHANNEL_TYPES.dm, recipientId: userId, botId });
  }

  addMessage(channel: FakeChannel, author: FakeAuthor, body: { content?: string; embeds?: unknown[]; components?: unknown[]; webhookId?: string; attachments?: FakeAttachment[]; referencedId?: string }): FakeMessage {
    const message: FakeMessage = {
      id: this.newId(),
      channelId: channel.id,
      guildId: channel.guildId,
      author,
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      components: body.components ?? [],
      webhookId: body.webhookId ?? null,
      referencedId: body.referencedId ?? null,
      createdAt: Date.now(),
      editedAt: null,
      pinned: false,
      reactions: new Set(),
      attachments: body.attachments ?? [],
    };
    this.messages.set(message.id, message);
    return message;
  }

  deleteMessage(id: string): void {
    this.messages.delete(id);
    this.deletedMessageIds.push(id);
  }

  /** Messages of one channel, oldest first. */
  messagesIn(channelId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => m.channelId === channelId);
  }

  threadsOf(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && isThread(c));
  }
}
