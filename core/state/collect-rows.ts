/**
 * Keeps the active rows of one table out of the pages a source hands over: rows of enabled humans for their
 * current profile, packed (packed-rows.ts), each sharing its human's id string; a page itself is not kept.
 */
import type { Human } from '../model.ts';
import { toNumber, toText } from '../db/codec.ts';
import type { ValuePage } from '../db/read-table.ts';
import { activeHuman, NO_ROWS, type ActiveRows } from './active-rows.ts';
import { PackedRows } from './packed-rows.ts';

export class ActiveRowCollector {
  private packed: PackedRows | null = null;

  constructor(private readonly humans: ReadonlyMap<string, Human>) {}

  add(page: ValuePage): void {
    this.packed ??= new PackedRows(page.layout);
    const idAt = page.layout.columns.indexOf('id');
    const profileAt = page.layout.columns.indexOf('profile_no');
    for (const values of page.rows) {
      const human = activeHuman(this.humans, toText(values[idAt]), toNumber(values[profileAt], 1));
      if (human !== undefined) this.packed.push(values, human.id);
    }
  }

  rows(): ActiveRows {
    return this.packed ?? NO_ROWS;
  }
}
