/**
 * Keeps the active rows of one table out of the pages a source hands over: rows of enabled humans for their
 * current profile, packed (packed-rows.ts), each sharing its human's id string; a page itself is not kept.
 */
import type { Human } from '../contract.ts';
import { toNumber, toText } from '../db/codec.ts';
import type { ValuePage } from '../db/read-table.ts';
import { activeHuman, NO_ROWS, type ActiveRows } from './active-rows.ts';
import { PackedRows } from './packed-rows.ts';

/** The id string a row of this id and profile is to share when the row is active; undefined otherwise. */
export type ActiveId = (id: string, profileNo: number) => string | undefined;

/** ActiveId over the snapshot's humans: rows share their human's own id string. */
export function activeIdOf(humans: ReadonlyMap<string, Human>): ActiveId {
  return (id, profileNo) => activeHuman(humans, id, profileNo)?.id;
}

export class ActiveRowCollector {
  private packed: PackedRows | null = null;

  constructor(private readonly activeId: ActiveId) {}

  add(page: ValuePage): void {
    this.packed ??= new PackedRows(page.layout);
    const idAt = page.layout.columns.indexOf('id');
    const profileAt = page.layout.columns.indexOf('profile_no');
    for (const values of page.rows) {
      const id = this.activeId(toText(values[idAt]), toNumber(values[profileAt], 1));
      if (id !== undefined) this.packed.push(values, id);
    }
  }

  /** the rows kept; PackedRows (or nothing) */
  packedRows(): PackedRows | null {
    return this.packed;
  }

  rows(): ActiveRows {
    return this.packed ?? NO_ROWS;
  }
}

/** The active rows of a table, read page by page in this thread. */
export async function collectActiveRows(readRows: (onPage: (page: ValuePage) => void) => Promise<void>, activeId: ActiveId): Promise<ActiveRows> {
  const collector = new ActiveRowCollector(activeId);
  await readRows((page) => collector.add(page));
  return collector.rows();
}
