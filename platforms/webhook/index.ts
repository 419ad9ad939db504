/**
 * The `webhook` platform plugin module: Discord webhooks (humans of type `webhook`, keyed by URL), with
 * [tuning] concurrent_discord_webhooks and the [discord] command prefix.
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { createWebhookPlatform } from './platform.ts';

export default function webhookPlatform(setup: PluginSetup): PlatformPlugin {
  return createWebhookPlatform({
    concurrency: setup.config.tuning.concurrent_discord_webhooks,
    commandPrefix: setup.config.discord.prefix,
  });
}
