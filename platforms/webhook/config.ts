/** The webhook platform's config spec: [tuning] concurrent_discord_webhooks (webhooks delivered to in parallel). */
import { definePluginConfig } from '../../core/config/index.ts';

export const WEBHOOK_CONFIG = definePluginConfig({
  keys: { tuning: { concurrent_discord_webhooks: 10 } },
  rules: { 'tuning.concurrent_discord_webhooks': { kind: 'integer', min: 1 } },
});
