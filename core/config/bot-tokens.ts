/**
 * A chat platform's bot tokens as the operator wrote them: `token` (one or several delivery bots) and an optional
 * `command_token` (a separate bot that answers commands). Blank entries are left out; a token written twice,
 * or a command token that is also a delivery token, is refused with a message naming the section — two entries
 * for one bot would share its rate limits while the service counted them as two. Pure.
 */
import { ConfigError } from '../errors.ts';

export interface BotTokens {
  /** the delivery bots, in the order written (a target's bot is chosen by position) */
  readonly delivery: readonly string[];
  /** the separate command bot, or undefined when the first delivery bot also takes commands */
  readonly command?: string;
}

/** The tokens, or null when there is no delivery token; throws ConfigError for a list that cannot be right. */
export function readBotTokens(section: string, token: readonly string[], commandToken: string): BotTokens | null {
  const delivery = token.map((t) => t.trim()).filter((t) => t !== '');
  const command = commandToken.trim();
  const seen = new Set<string>();
  delivery.forEach((t, i) => {
    if (seen.has(t)) throw new ConfigError(`[${section}] token lists the same bot token twice (entry ${i + 1}); each bot may appear once`, { key: `${section}.token` });
    seen.add(t);
  });
  if (command !== '' && delivery.length === 0) {
    throw new ConfigError(`[${section}] command_token is set but token lists no delivery bot; put the alert bots' tokens in token`, { key: `${section}.token` });
  }
  if (command !== '' && seen.has(command)) {
    throw new ConfigError(`[${section}] command_token is also listed in token; use a different bot, or leave command_token empty so the first token takes commands`, { key: `${section}.command_token` });
  }
  if (delivery.length === 0) return null;
  return command === '' ? { delivery } : { delivery, command };
}
