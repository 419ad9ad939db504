/**
 * A geofence record for tests: a unit square at 0,0 unless polygons are given, every named field filled.
 */
import type { Fence } from '../../core/geo/index.ts';

export function fence(name: string, overrides: Partial<Fence> = {}): Fence {
  return {
    name,
    id: name,
    group: '',
    description: '',
    color: '',
    userSelectable: true,
    displayInMatches: true,
    polygons: [[[[0, 0], [0, 1], [1, 1], [1, 0]]]],
    multi: false,
    properties: {},
    source: 'test',
    ...overrides,
  };
}
