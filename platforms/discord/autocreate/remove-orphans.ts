/**
 * Removes orphaned fences (sync step 6, once the rule, the trigger and the safety check allow it): per channel, the
 * human rows of its threads, its `Service` webhook and that webhook's human, its own human and the channel itself;
 * then the cached categories no remaining fence uses and that hold nothing else. A failure is reported for that
 * fence, which stays cached so the next run tries again; a channel already gone counts as removed.
 */
import type { PlatformHumans } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { isUnknown, UNKNOWN_CHANNEL, UNKNOWN_WEBHOOK } from '../error-outcome.ts';
import { withoutParent, type CachedFence, type RuleSyncState, type ThreadCacheFile } from './cache/index.ts';
import type { GuildView } from './guild-view.ts';
import type { GuildWriter } from './guild-writer.ts';

export interface RemovalInput {
  readonly orphans: readonly string[];
  readonly state: RuleSyncState;
  readonly view: GuildView;
  readonly writer: GuildWriter;
  readonly humans: PlatformHumans;
  readonly threads: { file: ThreadCacheFile };
  readonly log: Logger;
}

export interface RemovalOutcome {
  /** fences removed (or, on a dry run, that would be) */
  readonly removed: string[];
  readonly channelsRemoved: number;
  readonly errors: string[];
}

async function ignoringGone(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (err) {
    if (!isUnknown(err, UNKNOWN_CHANNEL, UNKNOWN_WEBHOOK)) throw err;
  }
}

async function removeFence(fence: CachedFence, input: RemovalInput): Promise<number> {
  const { writer, humans, view } = input;
  let channels = 0;
  for (const channel of fence.channels) {
    const picker = input.threads.file.parents[channel.channelId];
    for (const thread of picker?.threads ?? []) if (!writer.dryRun) await humans.delete(thread.threadId);
    if (channel.webhookId) {
      if (!writer.dryRun && channel.webhookUrl) await humans.delete(channel.webhookUrl);
      await ignoringGone(() => writer.deleteWebhook(channel.webhookId!));
    }
    if (!writer.dryRun) await humans.delete(channel.channelId);
    await ignoringGone(() => writer.deleteChannel(channel.channelId));
    view.removeChannel(channel.channelId);
    if (!writer.dryRun) input.threads.file = withoutParent(input.threads.file, channel.channelId);
    channels += 1;
  }
  return channels;
}

export async function removeOrphans(input: RemovalInput): Promise<RemovalOutcome> {
  const removed: string[] = [];
  const errors: string[] = [];
  let channelsRemoved = 0;
  const categories = new Set<string>();
  for (const name of input.orphans) {
    const fence = input.state.fences[name];
    if (!fence) continue;
    try {
      channelsRemoved += await removeFence(fence, input);
      removed.push(name);
      if (fence.categoryId) categories.add(fence.categoryId);
    } catch (err) {
      errors.push(`${name}: removal failed: ${describeError(err)}`);
      input.log.warn({ fence: name, reason: describeError(err) }, 'autocreate: removing an orphan failed');
    }
  }
  const stillUsed = new Set(Object.values(input.state.fences).filter((f) => !removed.includes(f.fence)).map((f) => f.categoryId));
  for (const categoryId of categories) {
    if (stillUsed.has(categoryId) || input.view.childrenOf(categoryId).length > 0) continue;
    try {
      await ignoringGone(() => input.writer.deleteChannel(categoryId));
      input.view.removeChannel(categoryId);
    } catch (err) {
      errors.push(`category ${categoryId}: removal failed: ${describeError(err)}`);
    }
  }
  return { removed, channelsRemoved, errors };
}
