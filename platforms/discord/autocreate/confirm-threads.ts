/**
 * The snapshot lists only active threads; a cached thread that auto-archived is still there. Each cached thread of
 * the guild missing from the snapshot is read once (`GET /channels/:id`): found, it joins the view (so the cache
 * keeps it and no duplicate is made); 404 (Unknown Channel), it stays out and is pruned.
 */
import { Routes, type REST } from 'discord.js';
import { isUnknown, UNKNOWN_CHANNEL } from '../error-outcome.ts';
import type { ThreadCacheFile } from './cache/index.ts';
import type { GuildView } from './guild-view.ts';

export async function confirmCachedThreads(rest: REST, view: GuildView, file: ThreadCacheFile): Promise<void> {
  for (const [parentId, picker] of Object.entries(file.parents)) {
    if (picker.guild !== view.guildId || !view.channels.has(parentId)) continue;
    for (const thread of picker.threads) {
      if (view.threads.has(thread.threadId)) continue;
      try {
        const found = (await rest.get(Routes.channel(thread.threadId))) as { id: string; name?: string; parent_id?: string | null };
        if (found.parent_id === parentId) view.addThread({ id: found.id, name: found.name ?? thread.name, parentId });
      } catch (err) {
        if (!isUnknown(err, UNKNOWN_CHANNEL)) throw err;
      }
    }
  }
}
