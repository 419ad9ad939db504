/**
 * Warns at start about registered humans whose type no running platform delivers to (their platform is
 * switched off or has no token, or a tool wrote a type nobody serves): one warning per such type, with how many
 * humans have it and the first few ids, so they do not go without alerts silently.
 */
import type { Human } from '../model.ts';

/** ids listed per type in the warning */
const SHOWN_IDS = 5;

export interface UnservedType {
  readonly type: string;
  readonly count: number;
  /** the first few, in the order given */
  readonly ids: readonly string[];
}

/** The types of `humans` that `isServed` refuses, each with its count and first ids, in order of first appearance. */
export function unservedTypes(humans: Iterable<Pick<Human, 'id' | 'type'>>, isServed: (type: string) => boolean): UnservedType[] {
  const found = new Map<string, { count: number; ids: string[] }>();
  for (const human of humans) {
    if (isServed(human.type)) continue;
    const entry = found.get(human.type) ?? { count: 0, ids: [] };
    entry.count += 1;
    if (entry.ids.length < SHOWN_IDS) entry.ids.push(human.id);
    found.set(human.type, entry);
  }
  return [...found].map(([type, { count, ids }]) => ({ type, count, ids }));
}

/** Logs one warning per unserved type; returns what it warned about. */
export function warnUnservedHumans(
  humans: Iterable<Pick<Human, 'id' | 'type'>>,
  isServed: (type: string) => boolean,
  log: { warn: (obj: object, msg: string) => void },
): UnservedType[] {
  const unserved = unservedTypes(humans, isServed);
  for (const { type, count, ids } of unserved) {
    log.warn({ type, humans: count, ids }, 'no running platform delivers to this human type: these humans receive no alerts');
  }
  return unserved;
}
