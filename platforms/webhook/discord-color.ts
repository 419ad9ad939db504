/**
 * Embed colours: templates write them as "#A040A0", "A040A0", "0xA040A0", "#ABC" or a decimal string; Discord
 * wants an integer 0…0xFFFFFF. A bare six-character string is read as hex ("705898" is a type colour), any other
 * all-digit string as decimal.
 */

const MAX_COLOR = 0xffffff;

function inRange(n: number): number | undefined {
  return Number.isInteger(n) && n >= 0 && n <= MAX_COLOR ? n : undefined;
}

export function parseColor(value: unknown): number | undefined {
  if (typeof value === 'number') return inRange(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return parseInt(`${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`, 16);
  const prefixed = /^(?:#|0x)([0-9a-f]{1,6})$/i.exec(text);
  if (prefixed) return parseInt(prefixed[1]!, 16);
  if (/^[0-9a-f]{6}$/i.test(text)) return parseInt(text, 16);
  if (/^\d{1,8}$/.test(text)) return inRange(parseInt(text, 10));
  return undefined;
}
