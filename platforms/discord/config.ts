/**
 * The discord platform's config spec: [tuning] concurrent_discord_destinations (destinations delivered to in
 * parallel); the role check of `[discord]` — `user_role` (roles that grant access; empty: being in a guild is
 * enough), `check_role` and `check_role_interval` (hours between full passes) — and `[chat_a]`, the spec's neutral
 * name, read as [discord] (also under [reconciliation]). `command_token`: a separate bot that answers commands while
 * the `token` bots only deliver; `upload_embed_images`: the first embed's image is downloaded and uploaded with the
 * message instead of handing Discord its URL.
 */
import { definePluginConfig } from '../../core/config/index.ts';

const NO_ROLES: readonly string[] = [];

export const DISCORD_CONFIG = definePluginConfig({
  keys: {
    tuning: { concurrent_discord_destinations: 10 },
    discord: { user_role: NO_ROLES, check_role: false, check_role_interval: 6, lost_role_message: '', command_token: '', upload_embed_images: false },
  },
  rules: {
    'tuning.concurrent_discord_destinations': { kind: 'integer', min: 1 },
    'discord.check_role_interval': { kind: 'integer', min: 1 },
  },
  sectionAliases: { chat_a: 'discord' },
});
