/**
 * Posts or refreshes a channel's thread picker (spec: "Thread picker interaction"): the messages are laid out by
 * picker.ts; messages whose ids are cached are edited in place (an edit that fails falls back to sending a new
 * message), extra ones are sent when the thread count grew, stale ones deleted when it shrank (a failed delete is
 * logged and does not abort); the first message is pinned when the template asks and it is new.
 */
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import type { CachedThread } from './cache/index.ts';
import type { GuildWriter } from './guild-writer.ts';
import { pickerMessages } from './picker.ts';
import { BUTTON_STYLES, fillText, type ButtonStyle, type ThreadPickerSpec } from './template/index.ts';

export interface PickerRequest {
  readonly channelId: string;
  readonly picker: ThreadPickerSpec;
  readonly args: readonly string[];
  readonly threads: readonly CachedThread[];
  readonly cachedMessageIds: readonly string[];
}

const styleOf = (style: string): ButtonStyle => BUTTON_STYLES.find((s) => s === style) ?? 'secondary';

/** Resolves to the picker's message ids, in order. */
export async function refreshPicker(request: PickerRequest, deps: { readonly writer: GuildWriter; readonly log: Logger }): Promise<string[]> {
  const { writer, log } = deps;
  const channelId = request.channelId;
  const bodies = pickerMessages({
    masterChannelId: channelId,
    embedTitle: fillText(request.picker.embedTitle, request.args),
    embedDescription: fillText(request.picker.embedDescription, request.args),
    buttons: request.threads.map((t) => ({ threadId: t.threadId, label: t.label, style: styleOf(t.style) })),
  });
  const ids: string[] = [];
  for (const [i, body] of bodies.entries()) {
    const old = request.cachedMessageIds[i];
    if (old !== undefined) {
      try {
        await writer.editMessage(channelId, old, body);
        ids.push(old);
        continue;
      } catch (err) {
        log.warn({ channelId, messageId: old, reason: describeError(err) }, 'autocreate: editing a picker message failed; sending a new one');
      }
    }
    const id = await writer.sendMessage(channelId, body);
    ids.push(id);
    if (i === 0 && request.picker.pinned) {
      try {
        await writer.pinMessage(channelId, id);
      } catch (err) {
        log.warn({ channelId, messageId: id, reason: describeError(err) }, 'autocreate: pinning the picker failed');
      }
    }
  }
  for (const stale of request.cachedMessageIds.slice(bodies.length)) {
    try {
      await writer.deleteMessage(channelId, stale);
    } catch (err) {
      log.warn({ channelId, messageId: stale, reason: describeError(err) }, 'autocreate: deleting a stale picker message failed');
    }
  }
  return ids;
}
