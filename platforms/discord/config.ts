/** The discord platform's config spec: `[chat_a]`, the spec's neutral name, is read as [discord] (also under [reconciliation]). */
import { definePluginConfig } from '../../core/config/index.ts';

export const DISCORD_CONFIG = definePluginConfig({ keys: {}, sectionAliases: { chat_a: 'discord' } });
