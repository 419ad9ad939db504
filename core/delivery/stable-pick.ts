/**
 * A stable choice among several equal senders (a platform's bot tokens): the same key always picks the same
 * one for the same number of senders, and keys spread evenly over them. Pure.
 */

/** FNV-1a over the key's UTF-16 code units: small, stable across runs and machines. */
export function stableHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The item serving `key`; throws a RangeError when there is none to choose from. */
export function stablePick<T>(items: readonly T[], key: string): T {
  if (items.length === 0) throw new RangeError('stablePick: nothing to choose from');
  return items[items.length === 1 ? 0 : stableHash(key) % items.length]!;
}
