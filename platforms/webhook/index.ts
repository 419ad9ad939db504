/**
 * The `webhook` platform plugin module: Discord webhooks (humans of type `webhook`, keyed by URL), with
 * [tuning] concurrent_discord_webhooks and the [discord] command prefix.
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { WEBHOOK_CONFIG } from './config.ts';
import { createWebhookPlatform } from './platform.ts';

export { WEBHOOK_CONFIG as config } from './config.ts';

export default function webhookPlatform(setup: PluginSetup): PlatformPlugin {
  return createWebhookPlatform({
    concurrency: WEBHOOK_CONFIG.read(setup.config).tuning.concurrent_discord_webhooks,
    commandPrefix: setup.config.discord.prefix,
  });
}
