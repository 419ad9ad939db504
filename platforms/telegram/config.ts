/**
 * The telegram platform's config spec: [tuning] concurrent_telegram_destinations (destinations delivered to in
 * parallel); the membership check — [telegram] check_role (check that registered users are still members of a
 * `[telegram] channels` group), check_role_interval (hours between full passes) and bot_goodbye_message (sent to
 * a user who lost access); `command_token` (a separate bot that takes commands while the `token` bots deliver
 * to groups and channels) and `upload_images` (a message's `photo` is downloaded and sent as a file); and `[chat_b]`, the spec's neutral name, read as [telegram] (also under
 * [reconciliation]).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const TELEGRAM_CONFIG = definePluginConfig({
  keys: {
    tuning: { concurrent_telegram_destinations: 10 },
    telegram: { check_role: false, check_role_interval: 6, bot_goodbye_message: '', command_token: '', upload_images: false },
  },
  rules: {
    'tuning.concurrent_telegram_destinations': { kind: 'integer', min: 1 },
    'telegram.check_role_interval': { kind: 'integer', min: 1 },
  },
  sectionAliases: { chat_b: 'telegram' },
});
