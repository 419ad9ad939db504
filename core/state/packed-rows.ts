/**
 * Active rows of a table packed while a state loads: the integer columns of each row in an Int32Array, the other
 * columns in a plain array, chunk by chunk. Turning every row into an object (and then into its typed rule) as
 * it arrives left half a million rule objects in database order for the garbage collector to carry until the
 * index copied them; packed, the rows cost it nothing, and an index reads each rule once, in its own order
 * (Snapshot.pendingRules), straight into the objects it keeps.
 *
 * Rows come out as read-table.ts's row objects give them: values normalised (bigint → number, Buffer → text),
 * `uid` and `profile_no` numbers (profile 1 when missing), `id` text, one string shared by a human's rows.
 * Integer cells hold two markers: NULL, and "unusual" (a value that is not an int32, kept aside per cell).
 */
import type { TrackingRow } from '../model.ts';
import { normaliseValue, toNumber } from '../db/codec.ts';
import type { TableLayout } from '../db/read-table.ts';
import type { ActiveRows } from './active-rows.ts';

const CHUNK_BITS = 14;
const CHUNK_ROWS = 1 << CHUNK_BITS;
const NULL_CELL = -0x80000000;
const UNUSUAL_CELL = -0x7fffffff;

interface Chunk {
  readonly ints: Int32Array;
  readonly others: unknown[];
}

/** reads a marked integer cell: NULL, or the value kept aside for (row, column) */
type MarkedCell = (marker: number, row: number, column: number) => unknown;
type RowBuilder = (ints: Int32Array, intBase: number, others: readonly unknown[], otherBase: number, row: number, marked: MarkedCell) => TrackingRow;

function plain(value: unknown): unknown {
  return typeof value === 'bigint' || Buffer.isBuffer(value) ? normaliseValue(value) : value;
}

/** columns converted on the way out as read-table.ts converts them, each with the name the row builder calls it by */
const CONVERTED: ReadonlyMap<string, { readonly as: string; readonly convert: (value: unknown) => number }> = new Map([
  ['uid', { as: 'uid', convert: (value: unknown) => toNumber(value) }],
  ['profile_no', { as: 'profileNo', convert: (value: unknown) => toNumber(value, 1) }],
]);

const asStored = (value: unknown): unknown => value;

export class PackedRows implements ActiveRows {
  private readonly chunks: Chunk[] = [];
  /** values of cells marked unusual, by row × columns + column */
  private readonly unusual = new Map<number, unknown>();
  private count = 0;
  /** per column: its slot among the integer cells of a row, or -1 */
  private readonly intSlot: number[];
  /** per column: its slot among the other cells of a row, or -1 */
  private readonly otherSlot: number[];
  private readonly intColumns: number[] = [];
  private readonly otherColumns: number[] = [];
  private readonly idAt: number;
  private readonly build: RowBuilder;
  private readonly marked: MarkedCell = (marker, row, column) => (marker === NULL_CELL ? null : this.unusual.get(row * this.layout.columns.length + column));

  constructor(private readonly layout: TableLayout) {
    const { columns, integer } = layout;
    this.idAt = columns.indexOf('id');
    // `id` is text whatever its declaration: it is kept as the human's own string
    this.intSlot = columns.map((_, k) => (integer[k] && k !== this.idAt ? this.intColumns.push(k) - 1 : -1));
    this.otherSlot = columns.map((_, k) => (this.intSlot[k] === -1 ? this.otherColumns.push(k) - 1 : -1));
    this.build = this.rowBuilder();
  }

  get length(): number {
    return this.count;
  }

  /** Appends a row: its values in layout order, and the string its `id` is to share. */
  push(values: readonly unknown[], id: string): void {
    const r = this.count++;
    const within = r & (CHUNK_ROWS - 1);
    if (within === 0) this.chunks.push({ ints: new Int32Array(CHUNK_ROWS * this.intColumns.length), others: [] });
    const chunk = this.chunks[r >>> CHUNK_BITS]!;
    const ints = chunk.ints;
    const base = within * this.intColumns.length;
    for (let j = 0; j < this.intColumns.length; j++) {
      const k = this.intColumns[j]!;
      const value = values[k];
      if (typeof value === 'number' && (value | 0) === value && value > UNUSUAL_CELL) ints[base + j] = value;
      else if (value === null) ints[base + j] = NULL_CELL;
      else {
        ints[base + j] = UNUSUAL_CELL;
        this.unusual.set(r * this.layout.columns.length + k, plain(value));
      }
    }
    for (const k of this.otherColumns) chunk.others.push(k === this.idAt ? id : plain(values[k]));
  }

  row(i: number): TrackingRow {
    const chunk = this.chunkOf(i);
    const within = i & (CHUNK_ROWS - 1);
    return this.build(chunk.ints, within * this.intColumns.length, chunk.others, within * this.otherColumns.length, i, this.marked);
  }

  column(name: string): (i: number) => unknown {
    const k = this.layout.columns.indexOf(name);
    if (k === -1) return () => undefined;
    const convert = CONVERTED.get(name)?.convert ?? asStored;
    const intSlot = this.intSlot[k]!;
    const otherSlot = this.otherSlot[k]!;
    const ints = this.intColumns.length;
    const others = this.otherColumns.length;
    return (i) => {
      const chunk = this.chunkOf(i);
      const within = i & (CHUNK_ROWS - 1);
      if (intSlot === -1) return convert(chunk.others[within * others + otherSlot]);
      const cell = chunk.ints[within * ints + intSlot]!;
      return convert(cell > UNUSUAL_CELL ? cell : this.marked(cell, i, k));
    };
  }

  private chunkOf(i: number): Chunk {
    if (i >>> 0 !== i || i >= this.count) throw new RangeError(`row ${i} of ${this.count}`);
    return this.chunks[i >>> CHUNK_BITS]!;
  }

  /**
   * The row builder, generated once per table read: one object literal of the layout's columns in order (quoted
   * as JSON), so every row has one shape with its properties in the object itself.
   */
  private rowBuilder(): RowBuilder {
    const fields = this.layout.columns.map((column, k) => {
      const intSlot = this.intSlot[k]!;
      const cell = intSlot === -1 ? `o[ob + ${this.otherSlot[k]}]` : `((x = n[ib + ${intSlot}]) > ${UNUSUAL_CELL} ? x : m(x, r, ${k}))`;
      const converted = CONVERTED.get(column);
      return `${JSON.stringify(column)}: ${converted ? `${converted.as}(${cell})` : cell}`;
    });
    const converters = [...CONVERTED.values()];
    const make = new Function(...converters.map((c) => c.as), `return (n, ib, o, ob, r, m) => {\n  let x;\n  return { ${fields.join(',\n    ')} };\n};`) as (
      ...convert: ((value: unknown) => number)[]
    ) => RowBuilder;
    return make(...converters.map((c) => c.convert));
  }
}
