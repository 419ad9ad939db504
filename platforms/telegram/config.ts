/**
 * The telegram platform's config spec: [tuning] concurrent_telegram_destinations (destinations delivered to in
 * parallel), and `[chat_b]`, the spec's neutral name, read as [telegram] (also under [reconciliation]).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const TELEGRAM_CONFIG = definePluginConfig({
  keys: { tuning: { concurrent_telegram_destinations: 10 } },
  rules: { 'tuning.concurrent_telegram_destinations': { kind: 'integer', min: 1 } },
  sectionAliases: { chat_b: 'telegram' },
});
