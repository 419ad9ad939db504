/**
 * What each geofence map shows, as pure functions: the box to frame (or a point at the configured zoom), the
 * marker, the outlines to draw, and the variables of the tile server template it is rendered with — named
 * and filled as the previous generation sent them (`poracle-area`, `-location`, `-distance`, `-weather`,
 * `-areaoverview`).
 */
import { boxAround, boxOfFence, boxOfPoints, boxUnion, type LatLonBox } from './bbox.ts';
import { circleRing } from './circle-ring.ts';
import type { Fence, Ring } from './fence.ts';
import { fenceColour, HIGHLIGHT_COLOUR, rainbow } from './map-colours.ts';
import type { MapPosition, PixelSize } from './map-frame.ts';
import { weatherCellShape } from './s2-cell-shape.ts';

export type MapTemplate = 'area' | 'location' | 'distance' | 'weather' | 'areaoverview';

export interface MapPoint {
  readonly latitude: number;
  readonly longitude: number;
}

export interface MapOutline {
  readonly ring: Ring;
  /** `#rrggbb` */
  readonly colour: string;
}

export interface MapScene {
  /** the tile server template is `poracle-<template>` */
  readonly template: MapTemplate;
  /** what must be in view; null: centred on `centre` at the configured zoom */
  readonly box: LatLonBox | null;
  readonly centre: MapPoint;
  readonly marker: MapPoint | null;
  readonly outlines: readonly MapOutline[];
  /** the image size the tile server template renders, which its zoom is worked out for */
  readonly tileSize: PixelSize;
  /** the template's variables, for the position framed at tileSize */
  tileVariables(position: MapPosition): Record<string, unknown>;
}

/** the previous generation's tile sizes: single areas and distances, and the overview of several areas */
export const AREA_TILE_SIZE: PixelSize = { width: 500, height: 250 };
export const OVERVIEW_TILE_SIZE: PixelSize = { width: 1024, height: 768 };

function outerRings(fence: Fence): Ring[] {
  return fence.polygons.map((polygon) => polygon[0] ?? []).filter((ring) => ring.length > 0);
}

function centreOf(box: LatLonBox): MapPoint {
  return { latitude: (box.minLat + box.maxLat) / 2, longitude: (box.minLon + box.maxLon) / 2 };
}

function unionOf(boxes: readonly (LatLonBox | null)[]): LatLonBox | null {
  return boxes.reduce<LatLonBox | null>((all, box) => (box === null ? all : all === null ? box : boxUnion(all, box)), null);
}

/** One area's polygons framed on its box; null when the fence has no points. */
export function areaScene(fence: Fence): MapScene | null {
  const box = boxOfFence(fence);
  if (box === null) return null;
  const paths = outerRings(fence);
  const colour = fenceColour(fence.color);
  return {
    template: 'area',
    box,
    centre: centreOf(box),
    marker: null,
    outlines: paths.map((ring) => ({ ring, colour })),
    tileSize: AREA_TILE_SIZE,
    tileVariables: ({ zoom, latitude, longitude }) => ({ zoom, latitude, longitude, polygons: paths, coords: paths[0] }),
  };
}

/** A pin on a point at the configured zoom. */
export function locationScene(latitude: number, longitude: number): MapScene {
  const point = { latitude, longitude };
  return { template: 'location', box: null, centre: point, marker: point, outlines: [], tileSize: AREA_TILE_SIZE, tileVariables: () => ({ latitude, longitude }) };
}

/** A point and the circle of `metres` around it, framed on the circle. */
export function distanceScene(latitude: number, longitude: number, metres: number): MapScene {
  const point = { latitude, longitude };
  return {
    template: 'distance',
    box: boxAround(latitude, longitude, metres),
    centre: point,
    marker: point,
    outlines: [{ ring: circleRing(latitude, longitude, metres), colour: HIGHLIGHT_COLOUR }],
    tileSize: AREA_TILE_SIZE,
    tileVariables: ({ zoom }) => ({ zoom, latitude, longitude, distance: metres }),
  };
}

export interface WeatherDetails {
  /** the game's weather id shown (0 when unknown) */
  readonly condition: number;
  /** the weather icon, '' when there is none */
  readonly iconUrl: string;
}

/** A point and its weather (level-10 S2) cell, centred on the cell. */
export function weatherScene(latitude: number, longitude: number, weather: WeatherDetails): MapScene {
  const cell = weatherCellShape(latitude, longitude);
  const [cLat, cLon] = cell.centre;
  const icon = weather.condition > 0 && weather.iconUrl !== '' ? { imgUrl: weather.iconUrl } : {};
  return {
    template: 'weather',
    box: boxOfPoints(cell.corners),
    centre: { latitude: cLat, longitude: cLon },
    marker: { latitude, longitude },
    outlines: [{ ring: cell.corners, colour: HIGHLIGHT_COLOUR }],
    tileSize: AREA_TILE_SIZE,
    tileVariables: () => ({ latitude: cLat, longitude: cLon, coords: cell.corners, gameplay_condition: weather.condition, ...icon }),
  };
}

/** Several areas on one map, each in its own colour, framed on all of them; null when none has points. */
export function overviewScene(fences: readonly Fence[]): MapScene | null {
  const box = unionOf(fences.map(boxOfFence));
  if (box === null) return null;
  const outlines = fences.flatMap((fence, index) => outerRings(fence).map((ring) => ({ ring, colour: rainbow(fences.length, index) })));
  return {
    template: 'areaoverview',
    box,
    centre: centreOf(box),
    marker: null,
    outlines,
    tileSize: OVERVIEW_TILE_SIZE,
    tileVariables: ({ zoom, latitude, longitude }) => ({ zoom, latitude, longitude, fences: outlines.map(({ ring, colour }) => ({ color: colour, path: ring })) }),
  };
}
