/**
 * The sync of one `[[autocreate.rules]]` entry (spec: "Auto-create run", steps 2–8; the lock of step 1 is the
 * caller's): one snapshot of the guild, the caches pruned of what no longer exists, the fences classified, each
 * create or reuse candidate built, orphans removed only when the rule has `remove_missing`, the trigger asks for
 * removals and the safety check passes (or `force`), the caches saved and the state reloaded when something was
 * created. A dry run takes the same path with the dry-run writer, registers nothing, saves no cache and reloads
 * nothing; its report says what the run would do.
 */
import type { AutocreateRule } from '../../../core/config/index.ts';
import type { PlatformHumans } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import type { Fence } from '../../../core/geo/index.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { buildSet, createdAnything, emptyCounts, type BuildContext, type SetCounts } from './build-set.ts';
import {
  loadSyncCache,
  loadThreadCache,
  pruneSyncCache,
  pruneThreadCache,
  withFence,
  withoutFence,
  type RuleSyncState,
  type SyncCacheFile,
  type ThreadCacheFile,
} from './cache/index.ts';
import { saveRuleState, saveThreadChanges, type Serializer } from './cache-writes.ts';
import type { CommandRunnerDeps } from './command-runner.ts';
import { confirmCachedThreads } from './confirm-threads.ts';
import { takeGuildSnapshot, type GuildView } from './guild-view.ts';
import { dryRunGuildWriter, liveGuildWriter, type GuildWriter } from './guild-writer.ts';
import { removeOrphans } from './remove-orphans.ts';
import { classifyFences, removalSafety } from './rules/index.ts';
import type { ChannelTemplate } from './template/index.ts';
import type { REST } from 'discord.js';

export interface SyncRequest {
  readonly dryRun: boolean;
  /** the trigger asks for orphan removal */
  readonly removals: boolean;
  /** bypass the removal safety threshold */
  readonly force: boolean;
  /** re-run the template commands on reused channels */
  readonly reset: boolean;
}

export type SyncStatus = 'ok' | 'busy' | 'safety_blocked';

/** One rule's result, in the spec's response shape. */
export interface SyncReport {
  readonly Rule: string;
  readonly Status: SyncStatus;
  readonly DryRun: boolean;
  readonly Note: string;
  readonly Created: readonly string[];
  readonly Reused: readonly string[];
  readonly Orphans: readonly string[];
  readonly Removed: readonly string[];
  readonly Skipped: readonly string[];
  readonly Errors: readonly string[];
  /** channels, threads, webhooks… made, reused, moved and removed, summed over the fences */
  readonly Counts: SetCounts & { channelsRemoved: number };
}

export interface SyncDeps {
  readonly rest: REST;
  readonly botUserId: string;
  /** the Discord API base webhook URLs are built on */
  readonly apiBase: string;
  readonly humans: PlatformHumans;
  readonly commands: CommandRunnerDeps;
  readonly fences: () => readonly Fence[];
  readonly templates: () => Promise<readonly ChannelTemplate[]>;
  readonly cacheFiles: { readonly sync: string; readonly threads: string };
  readonly removalSafetyMaxPercent: number;
  /** one cache save at a time across runs */
  readonly cacheWrites: Serializer;
  readonly log: Logger;
  reloadState(): Promise<boolean>;
}

export function report(rule: string, fields: Partial<Omit<SyncReport, 'Rule'>>): SyncReport {
  return {
    Rule: rule,
    Status: fields.Status ?? 'ok',
    DryRun: fields.DryRun ?? false,
    Note: fields.Note ?? '',
    Created: fields.Created ?? [],
    Reused: fields.Reused ?? [],
    Orphans: fields.Orphans ?? [],
    Removed: fields.Removed ?? [],
    Skipped: fields.Skipped ?? [],
    Errors: fields.Errors ?? [],
    Counts: fields.Counts ?? { ...emptyCounts(), channelsRemoved: 0 },
  };
}

function addCounts(into: SetCounts, from: SetCounts): void {
  for (const key of Object.keys(from) as (keyof SetCounts)[]) into[key] += from[key];
}

function emptyState(rule: AutocreateRule): RuleSyncState {
  return { rule: rule.name, guild: rule.guild, template: rule.template, fences: {} };
}

export async function syncRule(rule: AutocreateRule, request: SyncRequest, deps: SyncDeps): Promise<SyncReport> {
  const dryRun = request.dryRun;
  const log = deps.log.child({ rule: rule.name, guild: rule.guild, dryRun });
  const template = (await deps.templates()).find((t) => t.name === rule.template);
  if (!template) {
    const note = `channel template "${rule.template}" not found in config/channelTemplate.json (names are case-sensitive)`;
    return report(rule.name, { DryRun: dryRun, Note: note, Errors: [note] });
  }

  let view: GuildView;
  const syncFile: SyncCacheFile = await loadSyncCache(deps.cacheFiles.sync, log);
  const loadedThreads: ThreadCacheFile = await loadThreadCache(deps.cacheFiles.threads, log);
  let threadFile = loadedThreads;
  try {
    view = await takeGuildSnapshot(deps.rest, rule.guild);
    await confirmCachedThreads(deps.rest, view, threadFile);
  } catch (err) {
    const note = `the guild snapshot failed (${describeError(err)}); nothing changed, the cache is kept: retry`;
    log.warn({ reason: describeError(err) }, 'autocreate: guild snapshot failed');
    return report(rule.name, { DryRun: dryRun, Note: note, Errors: [note] });
  }

  const categoryIds = new Set([...view.channels.values()].filter((c) => c.kind === 'category').map((c) => c.id));
  const pruned = pruneSyncCache(syncFile.rules[rule.name] ?? emptyState(rule), { channelIds: new Set(view.channels.keys()), categoryIds });
  let state: RuleSyncState = pruned.state;
  threadFile = pruneThreadCache(threadFile, new Set(view.threads.keys()), new Set(view.channels.keys()), rule.guild).file;
  if (pruned.prunedFences.length > 0 || pruned.prunedChannels > 0) log.info({ fences: pruned.prunedFences, channels: pruned.prunedChannels }, 'autocreate: cache entries of deleted channels pruned');

  const classes = classifyFences(rule, deps.fences(), new Set(Object.keys(state.fences)));
  const live = liveGuildWriter(deps.rest, deps.botUserId, deps.apiBase);
  const writer: GuildWriter = dryRun ? dryRunGuildWriter(live) : live;
  const threads = { file: threadFile };
  const ctx: BuildContext = { view, writer, humans: deps.humans, commands: deps.commands, threads, log };

  const counts = { ...emptyCounts(), channelsRemoved: 0 };
  const errors: string[] = [];
  const built = async (fence: string, args: readonly string[]): Promise<void> => {
    const cached = state.fences[fence] ?? null;
    const outcome = await buildSet(ctx, { template, args, cached, reset: request.reset });
    addCounts(counts, outcome.counts);
    errors.push(...outcome.errors.map((e) => `${fence}: ${e}`));
    if (outcome.channels.length > 0 || outcome.categoryId !== null) {
      state = withFence(state, { fence, args, categoryId: outcome.categoryId, channels: outcome.channels, updatedAt: new Date().toISOString() });
    }
  };
  for (const { fence, args } of classes.toCreate) await built(fence.name, args);
  for (const { fence, args } of classes.toReuse) await built(fence.name, args);

  let status: SyncStatus = 'ok';
  let note = '';
  let removed: string[] = [];
  if (classes.orphans.length > 0) {
    if (!rule.remove_missing || !request.removals) {
      note = `${classes.orphans.length} orphan(s) kept: ${!rule.remove_missing ? `rule "${rule.name}" does not set remove_missing` : 'removals were not asked for'}`;
    } else {
      const safety = removalSafety({ orphans: classes.orphans.length, cachedEntries: Object.keys(pruned.state.fences).length, maxPercent: deps.removalSafetyMaxPercent, force: request.force, dryRun });
      if (!safety.allowed) {
        status = 'safety_blocked';
        note = safety.message ?? 'removal blocked by the safety check; re-run with force to override';
      } else {
        const removal = await removeOrphans({ orphans: classes.orphans, state, view, writer, humans: deps.humans, threads, log });
        removed = removal.removed;
        counts.channelsRemoved += removal.channelsRemoved;
        errors.push(...removal.errors);
        for (const fence of removal.removed) state = withoutFence(state, fence);
      }
    }
  }

  if (!dryRun) {
    try {
      const lastRun = new Date().toISOString();
      await deps.cacheWrites(async () => {
        await saveRuleState(deps.cacheFiles.sync, { ...state, lastRun }, log);
        await saveThreadChanges(deps.cacheFiles.threads, loadedThreads, threads.file, log);
      });
    } catch (err) {
      errors.push(`saving the cache failed: ${describeError(err)}`);
      log.error({ reason: describeError(err) }, 'autocreate: saving the cache failed');
    }
    if (createdAnything(counts) && !(await deps.reloadState())) errors.push('the state reload after the sync failed; new channels receive alerts after the next reload');
  }

  const summary = `${classes.toCreate.length} created, ${classes.toReuse.length} reused, ${classes.orphans.length} orphan(s), ${removed.length} removed, ${classes.skipped.length} skipped`;
  log.info({ status, counts, errors: errors.length }, `autocreate: sync ${dryRun ? '(dry run) ' : ''}${summary}`);
  return report(rule.name, {
    Status: status,
    DryRun: dryRun,
    Note: note === '' ? `${dryRun ? 'dry run: ' : ''}${summary}` : `${dryRun ? 'dry run: ' : ''}${note}`,
    Created: classes.toCreate.map((c) => c.fence.name),
    Reused: classes.toReuse.map((c) => c.fence.name),
    Orphans: classes.orphans,
    Removed: removed,
    Skipped: classes.skipped.map((s) => `${s.fence}: ${s.reason}`),
    Errors: errors,
    Counts: counts,
  });
}
