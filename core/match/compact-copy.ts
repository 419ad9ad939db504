/**
 * Copies of rule objects laid out for matching. Rules read while a state loads arrive in database order, so the
 * rules one event visits (one species, one level…) lie scattered over the heap, and their property reads miss
 * the cache. An index builder that copies each bucket's rules one after another puts them side by side; the
 * copier here builds every copy as one object literal of the sample's keys, so all copies share one shape with
 * their properties in the object itself (copies made with Object.assign or a spread do not). Measured on 500k
 * monster rules: matching about seven times faster than over the rules as loaded.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A function that copies objects with exactly the keys of `sample` (read at creation) into same-shape literals. */
export function literalCopier<T extends object>(sample: T): (value: T) => T {
  const keys = Object.keys(sample);
  for (const key of keys) if (!IDENTIFIER.test(key)) throw new Error(`literalCopier: key ${JSON.stringify(key)} is not a plain identifier`);
  // generated once per index build: `{ uid: s.uid, humanId: s.humanId, … }`
  return new Function('s', `return { ${keys.map((key) => `${key}: s.${key}`).join(', ')} };`) as (value: T) => T;
}

/** One copier for every list (made from the first element of the first non-empty one); null when all are empty. */
export function listsCopier<T extends object>(lists: readonly (readonly T[])[]): ((value: T) => T) | null {
  const first = lists.find((list) => list.length > 0)?.[0];
  return first === undefined ? null : literalCopier(first);
}

/** Every list copied with one copier, list after list (so each list's copies are allocated together). */
export function compactLists<T extends object>(lists: readonly (readonly T[])[]): T[][] {
  const copy = listsCopier(lists);
  return lists.map((list) => (copy ? list.map(copy) : []));
}
