/**
 * Builds one set of channels from a channel template for one set of arguments (one fence of a rule, or one
 * `autocreate` command): the category (reused by name, its overwrites left alone), each channel (reused from the
 * cache or by name, moved when it sits under another category, else created with its topic and overwrites), its
 * registration (`bot` → a `discord:channel` human, `webhook` → a `Service` webhook and a `webhook` human), its
 * private threads (each a `discord:thread` human), the thread picker, and the template commands (for what is new,
 * or everything under `reset`). A dry run goes through the same steps with the dry-run writer and neither
 * registers nor runs anything. Problems are collected per step; one failing channel does not stop the others.
 */
import type { PlatformHumans } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { TARGET_TYPES } from '../deliver.ts';
import type { CachedChannel, CachedFence, CachedThread, ThreadCacheFile } from './cache/index.ts';
import { UNKNOWN_CHANNEL_INDEX, withParent } from './cache/index.ts';
import { runTemplateCommands, type CommandRunnerDeps, type CommandTarget } from './command-runner.ts';
import { storedName, type GuildView } from './guild-view.ts';
import type { GuildWriter, OverwriteData } from './guild-writer.ts';
import { refreshPicker } from './picker-post.ts';
import type { ChannelEntry, ChannelTemplate, RoleOverwriteEntry } from './template/index.ts';
import { fillField, fillText, fillVisible, overwriteBits } from './template/index.ts';

export interface BuildContext {
  readonly view: GuildView;
  readonly writer: GuildWriter;
  readonly humans: PlatformHumans;
  readonly commands: CommandRunnerDeps;
  /** the thread cache, replaced as threads and pickers change */
  readonly threads: { file: ThreadCacheFile };
  readonly log: Logger;
}

export interface SetRequest {
  readonly template: ChannelTemplate;
  readonly args: readonly string[];
  /** what an earlier sync made for this fence */
  readonly cached: CachedFence | null;
  /** re-run the template commands on reused channels and threads */
  readonly reset: boolean;
}

export interface SetCounts {
  categoriesCreated: number;
  channelsCreated: number;
  channelsReused: number;
  channelsMoved: number;
  threadsCreated: number;
  threadsReused: number;
  webhooksCreated: number;
  rolesCreated: number;
  commandsRun: number;
}

export interface SetOutcome {
  readonly categoryId: string | null;
  readonly channels: readonly CachedChannel[];
  readonly counts: SetCounts;
  /** what was done (or would be, on a dry run), command echoes included */
  readonly lines: readonly string[];
  readonly errors: readonly string[];
}

export function emptyCounts(): SetCounts {
  return { categoriesCreated: 0, channelsCreated: 0, channelsReused: 0, channelsMoved: 0, threadsCreated: 0, threadsReused: 0, webhooksCreated: 0, rolesCreated: 0, commandsRun: 0 };
}

/** Whether the set made anything new (a state reload is due). */
export function createdAnything(counts: SetCounts): boolean {
  return counts.channelsCreated + counts.threadsCreated + counts.webhooksCreated + counts.categoriesCreated > 0;
}

class SetBuilder {
  readonly counts = emptyCounts();
  readonly lines: string[] = [];
  readonly errors: string[] = [];
  private readonly would: string;

  constructor(
    private readonly ctx: BuildContext,
    private readonly request: SetRequest,
  ) {
    this.would = ctx.writer.dryRun ? 'would ' : '';
  }

  private say(line: string): void {
    this.lines.push(line);
  }

  private fail(what: string, err: unknown): void {
    const message = `${what}: ${describeError(err)}`;
    this.errors.push(message);
    this.ctx.log.warn({ guild: this.ctx.view.guildId, template: this.request.template.name, reason: describeError(err) }, `autocreate: ${what}`);
  }

  /** The overwrites of a list of role entries; a role that does not exist is created (not on a dry run: left out). */
  private async overwrites(entries: readonly RoleOverwriteEntry[]): Promise<OverwriteData[]> {
    const result: OverwriteData[] = [];
    for (const entry of entries) {
      const name = fillField('roleName', entry.name, this.request.args);
      let id = this.ctx.view.roleId(name);
      if (id === undefined) {
        this.counts.rolesCreated += 1;
        this.say(`${this.would}create role ${name}`);
        if (this.ctx.writer.dryRun) continue;
        id = await this.ctx.writer.createRole(this.ctx.view.guildId, name);
        this.ctx.view.addRole({ id, name });
      }
      const bits = overwriteBits(entry);
      if (bits.allow === 0n && bits.deny === 0n) continue;
      result.push({ id, type: 0, allow: bits.allow.toString(), deny: bits.deny.toString() });
    }
    return result;
  }

  async category(): Promise<string | null> {
    const spec = this.request.template.category;
    if (!spec) return null;
    const name = fillVisible(spec.categoryName, this.request.args);
    const cachedId = this.request.cached?.categoryId;
    const cached = cachedId ? this.ctx.view.channels.get(cachedId) : undefined;
    const existing = cached?.kind === 'category' ? cached : this.ctx.view.categoryNamed(name);
    if (existing) {
      this.say(`category ${existing.name} reused`);
      return existing.id;
    }
    const id = await this.ctx.writer.createChannel(this.ctx.view.guildId, { name, kind: 'category', parentId: null, topic: '', overwrites: await this.overwrites(spec.roles) });
    this.ctx.view.addChannel({ id, name, kind: 'category', parentId: null });
    this.counts.categoriesCreated += 1;
    this.say(`${this.would}create category ${name}`);
    return id;
  }

  /** The channel for entry `index`: cached, else by name (moved under the category when elsewhere), else created. */
  private async channel(entry: ChannelEntry, index: number, categoryId: string | null, claimed: Set<string>): Promise<{ id: string; name: string; created: boolean }> {
    const name = fillVisible(entry.channelName, this.request.args);
    const kind = entry.channelType;
    // a cache entry read from a previous-generation file has index -1: it is matched by name
    const cachedId = this.request.cached?.channels.find((c) => c.index === index || (c.index === UNKNOWN_CHANNEL_INDEX && c.name === storedName(kind, name)))?.channelId;
    const fromCache = cachedId ? this.ctx.view.channels.get(cachedId) : undefined;
    const found = fromCache ?? this.ctx.view.channelsNamed(kind, name, categoryId).find((c) => !claimed.has(c.id));
    if (found) {
      if (found.parentId !== categoryId) {
        await this.ctx.writer.moveChannel(found.id, categoryId);
        this.ctx.view.moveChannel(found.id, categoryId);
        this.counts.channelsMoved += 1;
        this.say(`${this.would}move channel ${found.name} into the category`);
      }
      this.counts.channelsReused += 1;
      this.say(`channel ${found.name} reused`);
      return { id: found.id, name: found.name, created: false };
    }
    const topic = kind === 'text' ? fillText(entry.topic, this.request.args) : '';
    const id = await this.ctx.writer.createChannel(this.ctx.view.guildId, { name, kind, parentId: categoryId, topic, overwrites: await this.overwrites(entry.roles) });
    this.ctx.view.addChannel({ id, name: storedName(kind, name), kind, parentId: categoryId });
    this.counts.channelsCreated += 1;
    this.say(`${this.would}create ${kind} channel ${storedName(kind, name)}`);
    return { id, name: storedName(kind, name), created: true };
  }

  /** Registers the human unless it exists; true when it was registered now. */
  private async register(id: string, type: string, name: string): Promise<boolean> {
    if (this.ctx.writer.dryRun) return !id.startsWith('dry-run-') ? (await this.ctx.humans.get(id)) === null : true;
    if (await this.ctx.humans.get(id)) return false;
    await this.ctx.humans.register({ id, type, name });
    this.say(`registered ${type} ${name}`);
    return true;
  }

  private async commands(commands: readonly string[], args: readonly string[], target: CommandTarget): Promise<void> {
    if (commands.length === 0) return;
    this.counts.commandsRun += commands.length;
    if (this.ctx.writer.dryRun) {
      this.say(`would run ${commands.length} command(s) as ${target.name}`);
      return;
    }
    const run = await runTemplateCommands(commands, args, target, this.ctx.commands);
    this.lines.push(...run.lines);
    this.errors.push(...run.problems);
  }

  /** The channel's registration and commands; returns the webhook it uses, if any. */
  private async control(entry: ChannelEntry, channel: { id: string; name: string; created: boolean }, cached: CachedChannel | undefined): Promise<Pick<CachedChannel, 'webhookId' | 'webhookUrl'>> {
    const guildId = this.ctx.view.guildId;
    if (entry.controlType === 'bot') {
      const registered = await this.register(channel.id, TARGET_TYPES.channel, channel.name);
      if (channel.created || registered || this.request.reset) {
        await this.commands(entry.commands, this.request.args, { id: channel.id, name: channel.name, humanType: TARGET_TYPES.channel, guildId, threadName: null });
      }
      return {};
    }
    if (entry.controlType !== 'webhook') return {};
    let hook = cached?.webhookId && cached.webhookUrl ? { id: cached.webhookId, url: cached.webhookUrl } : await this.ctx.writer.findServiceWebhook(channel.id);
    let createdHook = false;
    if (!hook) {
      hook = await this.ctx.writer.createServiceWebhook(channel.id);
      createdHook = true;
      this.counts.webhooksCreated += 1;
      this.say(`${this.would}create webhook Service on ${channel.name}`);
    }
    const name = entry.webhookName !== null ? fillField('webhookName', entry.webhookName, this.request.args) : channel.name;
    const registered = this.ctx.writer.dryRun ? createdHook : await this.register(hook.url, 'webhook', name);
    if (channel.created || registered || this.request.reset) {
      await this.commands(entry.commands, this.request.args, { id: hook.url, name, humanType: 'webhook', guildId, threadName: null });
    }
    return { webhookId: hook.id, webhookUrl: hook.url };
  }

  private async threads(entry: ChannelEntry, parent: { id: string; name: string; created: boolean }): Promise<void> {
    if (entry.channelType !== 'text' || entry.threads.length === 0) return;
    const guildId = this.ctx.view.guildId;
    const before = this.ctx.threads.file.parents[parent.id];
    const made: CachedThread[] = [];
    for (const spec of entry.threads) {
      const name = fillVisible(spec.name, this.request.args);
      const label = fillField('buttonLabel', spec.buttonLabel ?? spec.name, this.request.args);
      try {
        const cachedId = before?.threads.find((t) => t.label === label)?.threadId;
        const existing = (cachedId && this.ctx.view.threads.get(cachedId)) || this.ctx.view.threadNamed(parent.id, name);
        let threadId: string;
        let created = false;
        if (existing) {
          threadId = existing.id;
          this.counts.threadsReused += 1;
          this.say(`thread ${existing.name} reused`);
        } else {
          threadId = await this.ctx.writer.createPrivateThread(parent.id, name);
          this.ctx.view.addThread({ id: threadId, name, parentId: parent.id });
          created = true;
          this.counts.threadsCreated += 1;
          this.say(`${this.would}create private thread ${name}`);
        }
        made.push({ label, name, threadId, style: spec.buttonStyle });
        const registered = await this.register(threadId, TARGET_TYPES.thread, name);
        if (created || registered || this.request.reset) {
          await this.commands(spec.commands, [...this.request.args, name], { id: threadId, name, humanType: TARGET_TYPES.thread, guildId, threadName: name });
        }
      } catch (err) {
        this.fail(`thread ${name} of ${parent.name}`, err);
      }
    }
    let pickerMessageIds = before?.pickerMessageIds ?? [];
    if (entry.threadPicker) {
      try {
        pickerMessageIds = await refreshPicker(
          { channelId: parent.id, picker: entry.threadPicker, args: this.request.args, threads: made, cachedMessageIds: pickerMessageIds },
          { writer: this.ctx.writer, log: this.ctx.log },
        );
        this.say(`${this.would}post the thread picker (${made.length} button(s))`);
      } catch (err) {
        this.ctx.log.warn({ channelId: parent.id, reason: describeError(err) }, 'autocreate: the thread picker could not be posted; the threads are registered');
        this.errors.push(`thread picker in ${parent.name}: ${describeError(err)}`);
      }
    }
    // threads the template no longer lists stay cached (kept alive, removed with their channel), off the picker
    const leftovers = (before?.threads ?? []).filter((t) => !made.some((m) => m.threadId === t.threadId) && this.ctx.view.threads.has(t.threadId));
    if (leftovers.length > 0) this.say(`${leftovers.length} thread(s) no longer in the template kept: ${leftovers.map((t) => t.name).join(', ')}`);
    if (!this.ctx.writer.dryRun) this.ctx.threads.file = withParent(this.ctx.threads.file, parent.id, { guild: guildId, threads: [...made, ...leftovers], pickerMessageIds });
  }

  async channels(categoryId: string | null): Promise<CachedChannel[]> {
    const result: CachedChannel[] = [];
    const claimed = new Set<string>();
    for (const [index, entry] of this.request.template.channels.entries()) {
      const label = fillVisible(entry.channelName, this.request.args);
      try {
        const channel = await this.channel(entry, index, categoryId, claimed);
        claimed.add(channel.id);
        const cached = this.request.cached?.channels.find((c) => c.index === index && c.channelId === channel.id);
        const hook = await this.control(entry, channel, cached);
        await this.threads(entry, channel);
        result.push({ index, name: channel.name, channelId: channel.id, ...hook });
      } catch (err) {
        this.fail(`channel ${label}`, err);
      }
    }
    return result;
  }
}

export async function buildSet(ctx: BuildContext, request: SetRequest): Promise<SetOutcome> {
  const builder = new SetBuilder(ctx, request);
  let categoryId: string | null = null;
  try {
    categoryId = await builder.category();
  } catch (err) {
    builder.errors.push(`category: ${describeError(err)}`);
    return { categoryId: request.cached?.categoryId ?? null, channels: request.cached?.channels ?? [], counts: builder.counts, lines: builder.lines, errors: builder.errors };
  }
  const channels = await builder.channels(categoryId);
  return { categoryId, channels, counts: builder.counts, lines: builder.lines, errors: builder.errors };
}
