/**
 * What the weather plugin reads from webhooks: a weather cell's new condition (with the condition it had
 * before, from the plugin's memory) and the wild pokemon seen in each cell (for `activeCreatures`).
 */

/** A weather cell's condition after a Golbat/RDM `weather` webhook. */
export interface WeatherEvent {
  /** level-10 S2 cell id, decimal text (recomputed from the coordinates) */
  readonly cellId: string;
  /** cell centre */
  readonly latitude: number;
  readonly longitude: number;
  /** gameplay condition 0–7 (0 = none) */
  readonly condition: number;
  /** the condition the cell had before this webhook; null when not known (first sight since start) */
  readonly previousCondition: number | null;
  /** unix seconds of the change */
  readonly updated: number;
  /** the pokemon remembered in the cell that had not despawned when the webhook arrived (empty unless asked for) */
  readonly sightings: readonly CellSighting[];
  readonly raw: Readonly<Record<string, unknown>>;
}

/** One wild pokemon seen in a weather cell, kept until it despawns. */
export interface CellSighting {
  readonly encounterId: string;
  readonly pokemonId: number;
  readonly form: number;
  /** null before an encounter */
  readonly iv: number | null;
  readonly cp: number | null;
  /** unix seconds */
  readonly disappearTime: number;
  /** where it was seen */
  readonly latitude: number;
  readonly longitude: number;
}
