/** The telegram platform's config spec: `[chat_b]`, the spec's neutral name, is read as [telegram] (also under [reconciliation]). */
import { definePluginConfig } from '../../core/config/index.ts';

export const TELEGRAM_CONFIG = definePluginConfig({ keys: {}, sectionAliases: { chat_b: 'telegram' } });
