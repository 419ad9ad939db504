/**
 * One alert per recipient: when several rules of one human match the same event, the first match wins (rules
 * are visited in a stable order, so the choice is deterministic). Returns the kept matches in input order.
 */
import type { Match } from '../contract.ts';

export function oncePerHuman<M extends Match>(matches: readonly M[]): M[] {
  if (matches.length < 2) return [...matches];
  const seen = new Set<string>();
  const kept: M[] = [];
  for (const match of matches) {
    if (seen.has(match.human.id)) continue;
    seen.add(match.human.id);
    kept.push(match);
  }
  return kept;
}
