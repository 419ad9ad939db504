/**
 * What the weather plugin remembers per weather cell, in memory: the last known condition (from `weather`
 * webhooks, or from a pokemon's boosting weather while the cell has none yet) and the wild pokemon seen there
 * that have not despawned. Entries of a cell are pruned as they expire; a cell keeps at most `maxPerCell`.
 * Every condition it learns is also handed to `onCondition` (the plugin publishes it to the core's weather cells).
 */
import type { CellSighting } from './event.ts';

const DEFAULT_MAX_PER_CELL = 500;

export interface CellMemoryOptions {
  /** the most sightings kept per cell */
  readonly maxPerCell?: number;
  /** told every condition the memory learns (a weather report, or a sighting's boost seeding an unknown cell) */
  readonly onCondition?: (cellId: string, condition: number) => void;
}

export class CellMemory {
  private readonly conditions = new Map<string, number>();
  private readonly sightings = new Map<string, Map<string, CellSighting>>();

  private readonly maxPerCell: number;
  private readonly onCondition: (cellId: string, condition: number) => void;

  constructor(options: CellMemoryOptions = {}) {
    this.maxPerCell = options.maxPerCell ?? DEFAULT_MAX_PER_CELL;
    this.onCondition = options.onCondition ?? (() => {});
  }

  condition(cellId: string): number | null {
    return this.conditions.get(cellId) ?? null;
  }

  setCondition(cellId: string, condition: number): void {
    this.conditions.set(cellId, condition);
    this.onCondition(cellId, condition);
  }

  /** a pokemon's boosting weather tells the cell's condition only while nothing better is known */
  seedCondition(cellId: string, condition: number): void {
    if (condition > 0 && !this.conditions.has(cellId)) this.setCondition(cellId, condition);
  }

  recordSighting(cellId: string, sighting: CellSighting, nowS: number): void {
    let cell = this.sightings.get(cellId);
    if (!cell) {
      cell = new Map();
      this.sightings.set(cellId, cell);
    }
    cell.delete(sighting.encounterId);
    cell.set(sighting.encounterId, sighting);
    if (cell.size > this.maxPerCell) this.prune(cellId, nowS);
    while (cell.size > this.maxPerCell) cell.delete(cell.keys().next().value!);
  }

  /** the pokemon of the cell still on the map at `nowS`, oldest sighting first */
  activeSightings(cellId: string, nowS: number): readonly CellSighting[] {
    this.prune(cellId, nowS);
    return [...(this.sightings.get(cellId)?.values() ?? [])];
  }

  private prune(cellId: string, nowS: number): void {
    const cell = this.sightings.get(cellId);
    if (!cell) return;
    for (const [id, s] of cell) if (s.disappearTime <= nowS) cell.delete(id);
    if (cell.size === 0) this.sightings.delete(cellId);
  }
}
