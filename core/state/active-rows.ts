import type { Human, TrackingRow } from '../model.ts';
/**
 * The active rows of one tracking table (rows of enabled humans for their current profile), as a snapshot keeps
 * them until its rules are read: packed while a state loads from the database (packed-rows.ts), or the row
 * objects themselves for a snapshot built from data in hand.
 */

export interface ActiveRows {
  readonly length: number;
  /** the i-th row as a row object (for packed rows, a new object on each call) */
  row(i: number): TrackingRow;
  /** one column of every row, read without building rows: `(i) => row(i)[name]` */
  column(name: string): (i: number) => unknown;
}

export function isActive(human: Human): boolean {
  return human.enabled && !human.adminDisable;
}

/** The human a row with this id and profile belongs to when the row is active; undefined otherwise. */
export function activeHuman(humans: ReadonlyMap<string, Human>, id: string, profileNo: number): Human | undefined {
  const human = humans.get(id);
  return human !== undefined && isActive(human) && profileNo === human.currentProfileNo ? human : undefined;
}

/** The active rows among row objects held in memory, kept as they are. */
export function activeRowList(rows: readonly TrackingRow[], humans: ReadonlyMap<string, Human>): ActiveRows {
  const kept = rows.filter((row) => activeHuman(humans, row.id, row.profile_no) !== undefined);
  return {
    length: kept.length,
    row: (i) => kept[i]!,
    column: (name) => (i) => kept[i]![name],
  };
}

export const NO_ROWS: ActiveRows = { length: 0, row: (i) => outOfRange(i), column: () => (i) => outOfRange(i) };

function outOfRange(i: number): never {
  throw new RangeError(`row ${i} of an empty table`);
}
