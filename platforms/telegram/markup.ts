/**
 * Telegram text formatting: escaping text for a parse mode (so a ping such as `@ash_ketchum` cannot break a
 * Markdown message) and deciding whether a command reply can be sent as Markdown safely.
 */

/** `text` escaped for `parseMode` (legacy Markdown, MarkdownV2 or HTML); unchanged for anything else. */
export function escapeFor(parseMode: string | undefined, text: string): string {
  switch (parseMode) {
    case 'Markdown':
      return text.replace(/([_*`[])/g, '\\$1');
    case 'MarkdownV2':
      return text.replace(/([_*[\]()~`>#+\-=|{}.!\\])/g, '\\$1');
    case 'HTML':
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    default:
      return text;
  }
}

/** One piece of a command reply as it is sent: Markdown only when it cannot fail to parse. */
export interface ReplyPiece {
  readonly text: string;
  readonly parseMode?: 'Markdown';
}

const DISCORD_BOLD = /\*\*([^*\n]+)\*\*/g;

/**
 * Command replies are written with Discord's `**bold**`. When that is the only markup in the text (no other
 * `*`, `_`, `` ` ``, `[` or `\`), it becomes Telegram Markdown `*bold*`; otherwise the text goes out plain with
 * the bold markers dropped.
 */
export function replyPiece(text: string): ReplyPiece {
  const bolded = text.replace(DISCORD_BOLD, '*$1*');
  const plain = text.replace(DISCORD_BOLD, '$1');
  if (bolded === text || /[_`[\\]/.test(plain) || plain.includes('*')) return { text: plain };
  return { text: bolded, parseMode: 'Markdown' };
}
