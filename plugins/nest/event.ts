/**
 * The parsed nest report (`NestEvent`): which pokemon nests in which park, how often it spawns, and since when.
 */
import type { Payload } from '../../core/payload/index.ts';

export interface NestEvent {
  readonly nestId: string;
  /** the park's name */
  readonly nestName: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly pokemonId: number;
  readonly form: number;
  readonly pokemonCount: number;
  /** average spawns per hour */
  readonly pokemonAvg: number;
  readonly pokemonRatio: number;
  /** unix seconds when the nest cycle started (0 unknown) */
  readonly resetTime: number;
  readonly raw: Payload;
}
