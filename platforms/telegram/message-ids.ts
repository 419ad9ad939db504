/**
 * The ids a Telegram delivery answers, one per message sent, telling the kinds apart so an edit finds the text: a
 * text piece as its plain message id (`42`, as before), the sticker as `sticker:41`, a photo as `photo:42`, the
 * location pin as `location:43`. Deleting reads them all (and plain ids written before the kinds were told apart). Pure.
 */

export type MessageKind = 'text' | 'sticker' | 'photo' | 'location';

export interface SentId {
  readonly kind: MessageKind;
  readonly messageId: number;
}

export function idOf(kind: MessageKind, messageId: number): string {
  return kind === 'text' ? String(messageId) : `${kind}:${messageId}`;
}

/** The kind and Telegram message id of a stored id, or null when it is none. */
export function readId(id: string): SentId | null {
  const match = /^(?:(sticker|photo|location):)?(\d{1,15})$/.exec(id.trim());
  if (!match) return null;
  const messageId = Number(match[2]);
  return Number.isSafeInteger(messageId) ? { kind: (match[1] as MessageKind | undefined) ?? 'text', messageId } : null;
}

/** The text pieces' message ids among stored ids, in order. */
export function textIds(ids: readonly string[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const read = readId(id);
    if (read?.kind === 'text') out.push(read.messageId);
  }
  return out;
}

/** The message a reply goes to: the first text piece of the earlier message, else its first message. */
export function replyTargetOf(ids: readonly string[] | undefined): number | undefined {
  if (!ids || ids.length === 0) return undefined;
  return textIds(ids)[0] ?? readId(ids[0]!)?.messageId;
}
