/**
 * Auto-create as the Discord platform runs it: the channel template file, the rules, the per-rule lock (a second
 * trigger for a running rule answers `busy`; different rules run in parallel), the bulk sync and the one-template
 * build of the `autocreate` command. It needs the running gateway bot: `attach` at the platform's start, `detach`
 * at its stop; without it a trigger is refused (the API answers 503).
 */
import { join } from 'node:path';
import type { Client } from 'discord.js';
import type { AutocreateRule, Config } from '../../../core/config/index.ts';
import type { PlatformContext } from '../../../core/contract.ts';
import { LookoutError } from '../../../core/errors.ts';
import type { GeofenceSet } from '../../../core/geo/index.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { buildSet, createdAnything } from './build-set.ts';
import { loadThreadCache } from './cache/index.ts';
import { saveThreadChanges, serializer } from './cache-writes.ts';
import type { CommandRunnerDeps } from './command-runner.ts';
import { confirmCachedThreads } from './confirm-threads.ts';
import { takeGuildSnapshot } from './guild-view.ts';
import { liveGuildWriter } from './guild-writer.ts';
import { checkRuleExpressions } from './rules/index.ts';
import { report, syncRule, type SyncReport, type SyncRequest } from './sync.ts';
import { CHANNEL_TEMPLATE_FILE as TEMPLATE_FILE, readChannelTemplateFile, type ChannelTemplate } from './template/index.ts';

export const CACHE_FILES = { sync: 'config/.cache/autocreate.json', threads: 'config/.cache/autocreate-threads.json' } as const;

export interface AutocreateOptions {
  readonly config: Config;
  readonly rootDir: string;
  readonly prefix: string;
  /** the Discord API base (webhook URLs are built on it) */
  readonly apiBase: string;
  readonly geofences: () => GeofenceSet;
  readonly log: Logger;
}

export interface Actor {
  readonly id: string;
  readonly name: string;
}

export interface TemplateRun {
  readonly lines: readonly string[];
  readonly errors: readonly string[];
}

interface Attached {
  readonly client: Client;
  readonly ctx: PlatformContext;
}

export class Autocreate {
  private bot: Attached | null = null;
  private readonly busy = new Set<string>();
  private readonly cacheWrites = serializer();
  readonly templatePath: string;

  constructor(private readonly options: AutocreateOptions) {
    this.templatePath = join(options.rootDir, TEMPLATE_FILE);
  }

  attach(client: Client, ctx: PlatformContext): void {
    this.bot = { client, ctx };
  }

  detach(): void {
    this.bot = null;
  }

  get rules(): readonly AutocreateRule[] {
    return this.options.config.autocreate.rules;
  }

  /** The valid templates of the file (an entry with problems is left out; missing file: none). */
  async templates(): Promise<readonly ChannelTemplate[]> {
    return (await readChannelTemplateFile(this.templatePath)).templates;
  }

  private running(): Attached {
    if (!this.bot || !this.bot.client.isReady()) throw new LookoutError('UNAVAILABLE', 'the Discord bot is not running', {});
    return this.bot;
  }

  private commandDeps(bot: Attached, actor: Actor | null): CommandRunnerDeps {
    const user = bot.client.user!;
    return { prefix: this.options.prefix, actor: actor ?? { id: user.id, name: user.username }, handleCommand: (incoming) => bot.ctx.handleCommand(incoming) };
  }

  /**
   * Syncs one rule (by name) or every rule (''): NOT_FOUND for an unknown rule, UNAVAILABLE without the bot.
   * A rule already syncing reports `busy` at once.
   */
  async sync(ruleName: string, request: SyncRequest, actor: Actor | null = null): Promise<SyncReport[]> {
    const rules = ruleName === '' ? this.rules : this.rules.filter((r) => r.name === ruleName);
    if (ruleName !== '' && rules.length === 0) throw new LookoutError('NOT_FOUND', `no autocreate rule named "${ruleName}"`, { rule: ruleName });
    const bot = this.running();
    return Promise.all(rules.map((rule) => this.syncLocked(rule, request, bot, actor)));
  }

  private async syncLocked(rule: AutocreateRule, request: SyncRequest, bot: Attached, actor: Actor | null): Promise<SyncReport> {
    if (this.busy.has(rule.name)) return report(rule.name, { Status: 'busy', DryRun: request.dryRun, Note: `a sync of rule "${rule.name}" is already running` });
    this.busy.add(rule.name);
    try {
      return await syncRule(rule, request, {
        rest: bot.client.rest,
        botUserId: bot.client.user!.id,
        apiBase: this.options.apiBase,
        humans: bot.ctx.humans,
        commands: this.commandDeps(bot, actor),
        fences: () => this.options.geofences().fences,
        templates: () => this.templates(),
        cacheFiles: { sync: join(this.options.rootDir, CACHE_FILES.sync), threads: join(this.options.rootDir, CACHE_FILES.threads) },
        removalSafetyMaxPercent: this.options.config.autocreate.removal_safety_max_percent,
        cacheWrites: this.cacheWrites,
        log: this.options.log,
        reloadState: () => bot.ctx.reloadState(),
      });
    } finally {
      this.busy.delete(rule.name);
    }
  }

  /** The `autocreate <template> <args…>` build: one set in one guild, reset on reused channels. */
  async runTemplate(template: ChannelTemplate, args: readonly string[], guildId: string, actor: Actor): Promise<TemplateRun> {
    const bot = this.running();
    const log = this.options.log.child({ template: template.name, guild: guildId });
    const threadsPath = join(this.options.rootDir, CACHE_FILES.threads);
    const view = await takeGuildSnapshot(bot.client.rest, guildId);
    const threads = { file: await loadThreadCache(threadsPath, log) };
    await confirmCachedThreads(bot.client.rest, view, threads.file);
    const writer = liveGuildWriter(bot.client.rest, bot.client.user!.id, this.options.apiBase);
    const before = threads.file;
    const outcome = await buildSet({ view, writer, humans: bot.ctx.humans, commands: this.commandDeps(bot, actor), threads, log }, { template, args, cached: null, reset: true });
    await this.cacheWrites(() => saveThreadChanges(threadsPath, before, threads.file, log));
    if (createdAnything(outcome.counts)) await bot.ctx.reloadState();
    return { lines: outcome.lines, errors: outcome.errors };
  }

  /**
   * Start-time checks, logged as warnings (nothing is refused): template file problems, rules whose filter or
   * params do not compile, whose template does not exist, or whose guild the bot is not in.
   */
  async checkAtStart(): Promise<string[]> {
    const warnings: string[] = [];
    const file = await readChannelTemplateFile(this.templatePath);
    for (const p of file.problems) warnings.push(`${TEMPLATE_FILE} ${p.path === '' ? '' : `${p.path}: `}${p.message}`);
    const names = new Set(file.templates.map((t) => t.name));
    const guilds = this.bot?.client.guilds.cache;
    for (const rule of this.rules) {
      for (const problem of checkRuleExpressions(rule)) warnings.push(`[[autocreate.rules]] "${rule.name}": ${problem}`);
      if (!names.has(rule.template)) warnings.push(`[[autocreate.rules]] "${rule.name}": channel template "${rule.template}" is not in ${TEMPLATE_FILE}`);
      if (guilds && !guilds.has(rule.guild)) warnings.push(`[[autocreate.rules]] "${rule.name}": the bot is not in guild ${rule.guild}`);
    }
    for (const warning of warnings) this.options.log.warn(`autocreate: ${warning}`);
    return warnings;
  }

  /** The ids of the private threads auto-create made (the keep-alive sweeper's list). */
  async threadIds(): Promise<string[]> {
    const file = await loadThreadCache(join(this.options.rootDir, CACHE_FILES.threads), this.options.log);
    return Object.values(file.parents).flatMap((p) => p.threads.map((t) => t.threadId));
  }
}
