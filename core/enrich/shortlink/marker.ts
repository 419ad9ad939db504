/**
 * The shortlink marker templates use, as in the previous generations: `<S<https://long.url>S>` asks for the
 * URL between the markers to be replaced by a short one. Finding, replacing and walking rendered bodies.
 */

export const MARKER_OPEN = '<S<';
const MARKED = /<S<(.*?)>S>/gs;

export function hasMarker(text: string): boolean {
  return text.includes(MARKER_OPEN);
}

/** The distinct URLs marked in the text (trimmed), in order of appearance. */
export function markedUrls(text: string): string[] {
  return [...new Set([...text.matchAll(MARKED)].map((m) => (m[1] ?? '').trim()))];
}

/** Replaces every marked URL by its entry in `short` (the URL itself when it has none); markers go away. */
export function replaceMarked(text: string, short: ReadonlyMap<string, string>): string {
  return text.replace(MARKED, (_all, url: string) => short.get(url.trim()) ?? url.trim());
}

/** Does any string anywhere in the body carry a marker? */
export function bodyHasMarker(value: unknown): boolean {
  if (typeof value === 'string') return hasMarker(value);
  if (Array.isArray(value)) return value.some(bodyHasMarker);
  if (value !== null && typeof value === 'object') return Object.values(value).some(bodyHasMarker);
  return false;
}

/** A copy of the body with every marked string passed through `shorten` (unmarked parts are shared). */
export async function shortenBody<T>(value: T, shorten: (text: string) => Promise<string>): Promise<T> {
  if (typeof value === 'string') return (hasMarker(value) ? await shorten(value) : value) as T;
  if (!bodyHasMarker(value)) return value;
  if (Array.isArray(value)) return (await Promise.all(value.map((v: unknown) => shortenBody(v, shorten)))) as T;
  const entries = await Promise.all(Object.entries(value as Record<string, unknown>).map(async ([k, v]) => [k, await shortenBody(v, shorten)] as const));
  return Object.fromEntries(entries) as T;
}
