/**
 * The discord platform's config spec: [tuning] concurrent_discord_destinations (destinations delivered to in
 * parallel), and `[chat_a]`, the spec's neutral name, read as [discord] (also under [reconciliation]).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const DISCORD_CONFIG = definePluginConfig({
  keys: { tuning: { concurrent_discord_destinations: 10 } },
  rules: { 'tuning.concurrent_discord_destinations': { kind: 'integer', min: 1 } },
  sectionAliases: { chat_a: 'discord' },
});
