/**
 * A rendered Discord body (DTS `content`, `embed` or `embeds`, `username`, `avatar_url`) plus the rule's ping and
 * the message's link buttons → the JSON Discord accepts for a message: normalised embeds, the ping in front of the
 * content, the buttons as components (discord-components.ts), limits enforced. Pure; shared by everything that
 * posts rendered Discord messages.
 */
import type { MessageButton } from '../../core/model.ts';
import { actionRowsOf, type DiscordActionRow } from './discord-components.ts';
import { embedLength, normaliseEmbed, type DiscordEmbed } from './discord-embed.ts';
import { DISCORD_LIMITS as L } from './discord-limits.ts';
import { textOf, truncate, urlOf } from './discord-text.ts';

export interface DiscordMessage {
  readonly content?: string;
  readonly embeds: readonly DiscordEmbed[];
  readonly username?: string;
  readonly avatar_url?: string;
  /** link buttons in action rows; absent when none */
  readonly components?: readonly DiscordActionRow[];
}

function embedsOf(body: Readonly<Record<string, unknown>>): DiscordEmbed[] {
  const rendered: readonly unknown[] = Array.isArray(body.embeds) ? body.embeds : body.embed === undefined ? [] : [body.embed];
  const embeds: DiscordEmbed[] = [];
  for (const item of rendered) {
    const embed = normaliseEmbed(item);
    if (embed) embeds.push(embed);
    if (embeds.length === L.embedsPerMessage) break;
  }
  return embeds;
}

/** Shortens descriptions (last embed first) until all embeds together fit Discord's per-message total. */
function fitTotal(embeds: DiscordEmbed[]): DiscordEmbed[] {
  let excess = embeds.reduce((n, e) => n + embedLength(e), 0) - L.embedTotal;
  const fitted = [...embeds];
  for (let i = fitted.length - 1; i >= 0 && excess > 0; i--) {
    const embed = fitted[i]!;
    if (!embed.description) continue;
    const keep = Math.max(0, embed.description.length - excess);
    const description = truncate(embed.description, keep);
    excess -= embed.description.length - description.length;
    fitted[i] = description ? { ...embed, description } : withoutDescription(embed);
  }
  return fitted;
}

function withoutDescription(embed: DiscordEmbed): DiscordEmbed {
  const { description: _dropped, ...rest } = embed;
  return rest;
}

/** `ping` in front of `content`, separated by a space. */
function withPing(content: string | undefined, ping: string): string | undefined {
  const mention = ping.trim();
  if (!mention) return content;
  return content ? `${mention} ${content}` : mention;
}

export function buildDiscordMessage(body: Readonly<Record<string, unknown>>, ping = '', buttons?: readonly (readonly MessageButton[])[]): DiscordMessage {
  const content = withPing(textOf(body.content), ping);
  const username = textOf(body.username)?.trim();
  const avatar = urlOf(body.avatar_url);
  const components = actionRowsOf(buttons);
  return {
    ...(content ? { content: truncate(content, L.content) } : {}),
    embeds: fitTotal(embedsOf(body)),
    ...(username ? { username: truncate(username, L.username) } : {}),
    ...(avatar ? { avatar_url: avatar } : {}),
    ...(components.length > 0 ? { components } : {}),
  };
}

/** Discord refuses a message with neither content nor an embed. */
export function isEmptyMessage(message: DiscordMessage): boolean {
  return !message.content && message.embeds.length === 0;
}
