/**
 * One snapshot of a guild's channels, active threads and roles (sync step 2), taken once per run with three
 * REST reads, and the run's working view of it: what the run creates is added, what it removes is dropped, so
 * later fences of the same run see the category an earlier one made. Lookups by name follow Discord (storedName);
 * role names compare case-insensitively.
 */
import { ChannelType, Routes, type REST } from 'discord.js';

export type LiveChannelKind = 'category' | 'text' | 'voice' | 'other';

export interface LiveChannel {
  readonly id: string;
  readonly name: string;
  readonly kind: LiveChannelKind;
  readonly parentId: string | null;
}

export interface LiveThread {
  readonly id: string;
  readonly name: string;
  readonly parentId: string;
}

export interface LiveRole {
  readonly id: string;
  readonly name: string;
}

interface ApiChannel {
  readonly id: string;
  readonly type: number;
  readonly name?: string | null;
  readonly parent_id?: string | null;
}

function kindOf(type: number): LiveChannelKind {
  if (type === ChannelType.GuildCategory) return 'category';
  if (type === ChannelType.GuildText || type === ChannelType.GuildAnnouncement) return 'text';
  if (type === ChannelType.GuildVoice || type === ChannelType.GuildStageVoice) return 'voice';
  return 'other';
}

/**
 * How Discord stores a name of this kind: a text channel's lower-case, whitespace as `-`, without punctuation other
 * than `_` and `-` (`Old Town (North)` → `old-town-north`); categories, voice channels and threads as given.
 */
export function storedName(kind: LiveChannelKind, name: string): string {
  if (kind !== 'text') return name;
  return name.trim().toLowerCase().replace(/\s+/g, '-').replace(/[^\p{L}\p{N}_-]/gu, '');
}

export class GuildView {
  readonly channels = new Map<string, LiveChannel>();
  readonly threads = new Map<string, LiveThread>();
  readonly roles = new Map<string, LiveRole>();

  constructor(readonly guildId: string) {}

  /** The guild's default role (`@everyone`) has the guild's id. */
  get everyoneRoleId(): string {
    return this.guildId;
  }

  addChannel(channel: LiveChannel): void {
    this.channels.set(channel.id, channel);
  }

  addThread(thread: LiveThread): void {
    this.threads.set(thread.id, thread);
  }

  addRole(role: LiveRole): void {
    this.roles.set(role.id, role);
  }

  moveChannel(id: string, parentId: string | null): void {
    const channel = this.channels.get(id);
    if (channel) this.channels.set(id, { ...channel, parentId });
  }

  /** Drops a channel and its threads (Discord deletes a channel's threads with it). */
  removeChannel(id: string): void {
    this.channels.delete(id);
    for (const thread of [...this.threads.values()]) if (thread.parentId === id) this.threads.delete(thread.id);
  }

  hasChannel(id: string | null | undefined): boolean {
    return id !== null && id !== undefined && this.channels.has(id);
  }

  /** Every channel of the kind with this name (as Discord stores it), those under `parentId` first. */
  channelsNamed(kind: LiveChannelKind, name: string, parentId: string | null): LiveChannel[] {
    const wanted = storedName(kind, name);
    const found = [...this.channels.values()].filter((c) => c.kind === kind && c.name === wanted);
    return [...found.filter((c) => c.parentId === parentId), ...found.filter((c) => c.parentId !== parentId)];
  }

  /** The category with this name: the same case first, else any case. */
  categoryNamed(name: string): LiveChannel | undefined {
    const categories = [...this.channels.values()].filter((c) => c.kind === 'category');
    return categories.find((c) => c.name === name) ?? categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
  }

  threadNamed(parentId: string, name: string): LiveThread | undefined {
    return [...this.threads.values()].find((t) => t.parentId === parentId && t.name === name);
  }

  /** The role's id by name (case-insensitive); `@everyone` is the default role. */
  roleId(name: string): string | undefined {
    if (name.trim().toLowerCase() === '@everyone') return this.everyoneRoleId;
    const wanted = name.trim().toLowerCase();
    return [...this.roles.values()].find((r) => r.name.toLowerCase() === wanted)?.id;
  }

  /** A channel's parent when it is a thread's; the ids of the channels under a category. */
  childrenOf(categoryId: string): LiveChannel[] {
    return [...this.channels.values()].filter((c) => c.parentId === categoryId);
  }
}

/** Takes the snapshot: `GET /guilds/:id/channels`, `/threads/active` and `/roles`. */
export async function takeGuildSnapshot(rest: REST, guildId: string): Promise<GuildView> {
  const view = new GuildView(guildId);
  const channels = (await rest.get(Routes.guildChannels(guildId))) as ApiChannel[];
  for (const c of channels) {
    const kind = kindOf(c.type);
    view.addChannel({ id: c.id, name: c.name ?? '', kind, parentId: c.parent_id ?? null });
  }
  const active = (await rest.get(Routes.guildActiveThreads(guildId))) as { threads?: ApiChannel[] };
  for (const t of active.threads ?? []) if (t.parent_id) view.addThread({ id: t.id, name: t.name ?? '', parentId: t.parent_id });
  const roles = (await rest.get(Routes.guildRoles(guildId))) as { id: string; name: string }[];
  for (const r of roles) view.addRole({ id: r.id, name: r.name });
  return view;
}
