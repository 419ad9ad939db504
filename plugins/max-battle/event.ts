/**
 * The parsed max battle (`MaxBattleEvent`): a power spot (station) with a Dynamax or Gigantamax battle, its
 * boss, level and moves, and when the battle ends.
 */
import type { Payload } from '../../core/payload/index.ts';

export interface MaxBattleEvent {
  readonly stationId: string;
  readonly stationName: string;
  readonly latitude: number;
  readonly longitude: number;
  /** 1… (Gigantamax battles are the levels above 6 when the bread mode is not sent) */
  readonly level: number;
  /** 0 while the boss is unknown */
  readonly pokemonId: number;
  readonly form: number;
  readonly costume: number;
  readonly gender: number;
  readonly alignment: number;
  /** 1 dynamax, 2 gigantamax, 0 unknown */
  readonly breadMode: number;
  readonly gmax: boolean;
  readonly move1: number;
  readonly move2: number;
  /** unix seconds; 0 unknown */
  readonly battleStart: number;
  readonly battleEnd: number;
  readonly stationStart: number;
  readonly stationEnd: number;
  readonly totalStationed: number;
  readonly totalStationedGmax: number;
  readonly raw: Payload;
}
