/**
 * Positional placeholders of channel templates: `{0}`, `{1}`… are replaced by the run's arguments, in one pass
 * (a value that itself contains `{1}` is not filled again). A placeholder with no argument is left as written,
 * as the previous generation did, so the mistake shows in the created name or echoed command; `{01}` and
 * `{x}` are not placeholders. Pure.
 *
 * Which fields convert how (fillField):
 * - visible names — categoryName, channelName, thread name — take whitespace in a value as `_` (the spec:
 *   `old town` → `old_town_master`). So do buttonLabel (it falls back to the thread name, and the thread cache
 *   keys a channel's threads by label, so both must render alike; the previous generation did the same) and
 *   webhookName (the name stored on the human row, underscored by the previous generation too).
 * - prose — topic, embedTitle, embedDescription — and role names keep values as given: a sentence reads
 *   "Area alerts for old town", and Discord role names may hold spaces. (The previous generation underscored
 *   the picker's embed text; nothing is keyed on it, so the readable form is used here.)
 * - commands (fillCommand) put each value in double quotes, so the command tokenizer reads it back as one
 *   argument with its spaces and underscores intact (outside quotes it would split at spaces and read `_` as
 *   a space). A placeholder already inside quotes in the command gets the bare value. Quote characters and
 *   line breaks cannot survive inside a quoted argument: quotes are dropped, line breaks become spaces.
 */

const PLACEHOLDER = /\{(0|[1-9]\d*)\}/g;
/** the characters core/commands/tokenizer.ts takes for a double quote */
const QUOTES = new Set(['"', '\u201c', '\u201d', '\u201e']);

export type PlaceholderField =
  | 'categoryName'
  | 'channelName'
  | 'threadName'
  | 'buttonLabel'
  | 'webhookName'
  | 'topic'
  | 'embedTitle'
  | 'embedDescription'
  | 'roleName';

const NAME_FIELDS: ReadonlySet<PlaceholderField> = new Set(['categoryName', 'channelName', 'threadName', 'buttonLabel', 'webhookName']);

function fill(text: string, args: readonly string[], render: (value: string, offset: number) => string): string {
  return text.replace(PLACEHOLDER, (whole: string, index: string, offset: number) => {
    const value = args[Number(index)];
    return value === undefined ? whole : render(value, offset);
  });
}

/** For visible names: each whitespace character of a value becomes `_`. */
export function fillVisible(text: string, args: readonly string[]): string {
  return fill(text, args, (value) => value.replace(/\s/g, '_'));
}

/** For prose and role names: values as given. */
export function fillText(text: string, args: readonly string[]): string {
  return fill(text, args, (value) => value);
}

/** The right fill for a template field (see the header for the choice per field). */
export function fillField(field: PlaceholderField, text: string, args: readonly string[]): string {
  return NAME_FIELDS.has(field) ? fillVisible(text, args) : fillText(text, args);
}

/** Offsets in `text` that lie inside a double-quoted stretch, as the tokenizer pairs quotes. */
function quotedOffsets(text: string): (offset: number) => boolean {
  const toggles: number[] = [];
  for (let i = 0; i < text.length; i++) if (QUOTES.has(text[i]!)) toggles.push(i);
  return (offset) => toggles.filter((t) => t < offset).length % 2 === 1;
}

function quotable(value: string): string {
  let out = '';
  for (const ch of value.replace(/\r\n|[\r\n]/g, ' ')) if (!QUOTES.has(ch)) out += ch;
  return out;
}

/** For a command line: each value quoted (bare inside a quote the command already opens). */
export function fillCommand(text: string, args: readonly string[]): string {
  const insideQuotes = quotedOffsets(text);
  return fill(text, args, (value, offset) => (insideQuotes(offset) ? quotable(value) : `"${quotable(value)}"`));
}

/** A thread's command arguments: the parent's, then the rendered thread name as the next position. */
export function threadCommandArgs(parentArgs: readonly string[], threadName: string): string[] {
  return [...parentArgs, threadName];
}

/** The placeholder numbers `text` uses, ascending, each once (e.g. to tell a run it lacks arguments). */
export function placeholderIndexes(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(PLACEHOLDER)) found.add(Number(match[1]));
  return [...found].sort((a, b) => a - b);
}
