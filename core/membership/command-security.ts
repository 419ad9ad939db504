/**
 * Command security (`[discord.command_security]`, `[telegram.command_security]`), pure: a table of lists under
 * command names or alert kinds, each the user ids (and, on Discord, role ids) allowed to use it. A command or kind
 * not listed is open to everyone; admins are never refused. The alert kinds a user may not track are the
 * registration's `blocked_alerts`, which matching honours. Keys are the previous generation's: `monster` (the
 * `track` command), `raid`, `egg`, `quest`, `invasion`, `lure`, `nest`, `gym`, `fort`, `maxbattle`, `pvp`,
 * `specificgym`, and other command names (`area`, `location`, `profile`, `tracked`, `start`, `language`…).
 */
import type { Config } from '../config/index.ts';
import { namesPrincipal, platformSection, type Principal } from './platform-section.ts';

export type CommandSecurity = Readonly<Record<string, readonly string[]>>;

/** The alert kinds a `blocked_alerts` list may hold (the previous generations' names). */
export const SECURED_ALERT_KINDS = ['monster', 'raid', 'egg', 'quest', 'invasion', 'lure', 'nest', 'gym', 'specificgym', 'pvp', 'maxbattle', 'fort'] as const;

/** Command words whose security key is another name (the previous generation's). */
const KEY_OF_COMMAND: Readonly<Record<string, string>> = { track: 'monster', untrack: 'monster', incident: 'invasion' };

export interface SecuritySender extends Principal {
  readonly isAdmin: boolean;
}

/** The platform's table (empty when the platform has none). */
export function commandSecurityOf(config: Config, platform: string): CommandSecurity {
  return platformSection(config, platform)?.command_security ?? {};
}

function allowedBy(list: readonly string[] | undefined, sender: SecuritySender): boolean {
  return list === undefined || list.length === 0 || namesPrincipal(list, sender);
}

/** Whether the sender may run the command (its own name, or the previous generation's key for it). */
export function mayUseCommand(security: CommandSecurity, command: string, sender: SecuritySender): boolean {
  if (sender.isAdmin) return true;
  return allowedBy(security[command], sender) && allowedBy(security[KEY_OF_COMMAND[command] ?? command], sender);
}

/** The alert kinds the sender may not receive: listed kinds it is not allowed; null when none. */
export function blockedAlertsFor(security: CommandSecurity, sender: SecuritySender): string[] | null {
  if (sender.isAdmin) return null;
  const blocked = SECURED_ALERT_KINDS.filter((kind) => !allowedBy(security[kind], sender));
  return blocked.length > 0 ? [...blocked] : null;
}
