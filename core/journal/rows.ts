/**
 * The journal's rows as both stores write and read them, as pure functions: one done row per commit holding the
 * keys it recorded for every entry it names; entry rows and done rows → recovered entries, oldest first, each with
 * the set of its finished delivery keys.
 */
import type { RecoveredEntry } from './types.ts';

export interface EntryRow {
  readonly id: number | string;
  readonly kind: string;
  readonly received_at: number | string;
  readonly body: string;
}

export interface DoneRow {
  /** JSON `[[entryId, [key, …]], …]`: the keys one commit recorded */
  readonly keys: string;
}

/** the keys of one commit as a done row's text, and the highest entry id it names */
export function doneRecord(done: readonly { readonly entryId: number; readonly keys: readonly string[] }[]): { readonly maxEntry: number; readonly text: string } {
  return { maxEntry: Math.max(...done.map((d) => d.entryId)), text: JSON.stringify(done.map((d) => [d.entryId, d.keys])) };
}

/** done rows → the finished keys per entry; what is not of the written shape adds nothing */
export function doneKeysByEntry(rows: readonly DoneRow[]): Map<number, Set<string>> {
  const byEntry = new Map<number, Set<string>>();
  for (const row of rows) {
    let pairs: unknown;
    try {
      pairs = JSON.parse(row.keys);
    } catch {
      continue;
    }
    if (!Array.isArray(pairs)) continue;
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'number' || !Array.isArray(pair[1])) continue;
      let set = byEntry.get(pair[0]);
      if (!set) byEntry.set(pair[0], (set = new Set()));
      for (const key of pair[1] as unknown[]) if (typeof key === 'string') set.add(key);
    }
  }
  return byEntry;
}

/** stored rows → recovered entries, oldest first (ids are numbers whatever the driver returned) */
export function recoveredEntries(entries: readonly EntryRow[], done: readonly DoneRow[]): RecoveredEntry[] {
  const keys = doneKeysByEntry(done);
  return entries
    .map((row) => {
      const id = Number(row.id);
      return { id, kind: row.kind, receivedAt: Number(row.received_at), body: String(row.body), done: keys.get(id) ?? new Set<string>() };
    })
    .sort((a, b) => a.id - b.id);
}
