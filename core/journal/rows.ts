/**
 * The journal's rows as both stores read them back, as pure functions: entry rows and finished-key rows →
 * recovered entries, oldest first, each with the set of its finished delivery keys.
 */
import type { RecoveredEntry } from './types.ts';

export interface EntryRow {
  readonly id: number | string;
  readonly kind: string;
  readonly received_at: number | string;
  readonly body: string;
}

export interface DoneRow {
  readonly entry_id: number | string;
  readonly keys: string;
}

/** done rows → the finished keys per entry; a row that is not a JSON array adds nothing, nor do its non-strings */
export function doneKeysByEntry(rows: readonly DoneRow[]): Map<number, Set<string>> {
  const byEntry = new Map<number, Set<string>>();
  for (const row of rows) {
    let keys: unknown;
    try {
      keys = JSON.parse(row.keys);
    } catch {
      continue;
    }
    if (!Array.isArray(keys)) continue;
    const id = Number(row.entry_id);
    let set = byEntry.get(id);
    if (!set) byEntry.set(id, (set = new Set()));
    for (const key of keys) if (typeof key === 'string') set.add(key);
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
