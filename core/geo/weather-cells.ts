/**
 * The current in-game weather of each weather cell (the level-10 S2 cell, see s2-cell.ts), shared between
 * plugins: one that learns a cell's condition (from a weather report, a boosted sighting…) publishes it, any
 * plugin reads the condition at a point. The game changes the weather on the hour, so a condition learned in an
 * earlier hour is no longer known. Kept in memory only: after a restart every cell is unknown until something
 * publishes it again.
 */
import { weatherCellId } from './s2-cell.ts';

/** Conditions are the game's weather ids: 0 none, 1 clear, 2 rain, 3 partly cloudy, 4 cloudy, 5 windy, 6 snow, 7 fog. */
export interface WeatherCells {
  /** records the current condition of a weather cell (its id as decimal text); a value that is not a weather id is ignored */
  publish(cellId: string, condition: number): void;
  /** the condition published for the cell in the current hour, null when none is known */
  condition(cellId: string): number | null;
  /** the current-hour condition of the weather cell containing the point, null when none is known */
  at(latitude: number, longitude: number): number | null;
}

const HOUR_MS = 3_600_000;

interface Known {
  readonly condition: number;
  /** the hour (ms since the epoch / one hour, floored) the condition was learned in */
  readonly hour: number;
}

export class WeatherCellStore implements WeatherCells {
  private readonly conditions = new Map<string, Known>();

  constructor(private readonly now: () => number = Date.now) {}

  private hour(): number {
    return Math.floor(this.now() / HOUR_MS);
  }

  publish(cellId: string, condition: number): void {
    if (!cellId || !Number.isInteger(condition) || condition < 0) return;
    this.conditions.set(cellId, { condition, hour: this.hour() });
  }

  condition(cellId: string): number | null {
    const known = this.conditions.get(cellId);
    return known !== undefined && known.hour === this.hour() ? known.condition : null;
  }

  at(latitude: number, longitude: number): number | null {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    return this.condition(weatherCellId(latitude, longitude));
  }

  /** how many cells have a condition recorded (in any hour) */
  get size(): number {
    return this.conditions.size;
  }
}
