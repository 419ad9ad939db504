/**
 * Text helpers for Discord payloads: reading a template value as text and truncating to a limit.
 */

const ELLIPSIS = '…';

/** A non-blank string (numbers and booleans become strings); undefined for blank or anything else. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * `text` cut to at most `limit` UTF-16 units (never splitting a surrogate pair), ending in an ellipsis when cut.
 */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 0) return '';
  let end = limit - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, Math.max(0, end)) + ELLIPSIS;
}

/** An absolute http(s) (or Discord `attachment://`) URL; undefined for anything Discord would refuse. */
export function urlOf(value: unknown): string | undefined {
  const text = textOf(value)?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'attachment:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** A plain object (not an array), or undefined. */
export function recordOf(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
