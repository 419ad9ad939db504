/**
 * Where a static map of an alert's shape should look: the centre (`map_latitude`, `map_longitude`) and the
 * `zoom` that fits the points (a nest's polygon, a fort's old and new spot) in a 500×250 image, at most 16 —
 * the variables the previous generations gave templates and tile server templates for nests and fort changes.
 */
import type { LatLon } from '../geo/fence.ts';
import { boxOfPoints } from '../geo/bbox.ts';
import { fitBox } from '../geo/map-frame.ts';

const FRAME = { width: 500, height: 250 };
const MAX_ALERT_ZOOM = 16;

export interface MapPositionVariables {
  readonly zoom: number;
  readonly map_latitude: number;
  readonly map_longitude: number;
}

/** null without a point to frame */
export function mapPosition(points: Iterable<LatLon>): MapPositionVariables | null {
  const box = boxOfPoints(points);
  if (!box) return null;
  const at = fitBox(box, FRAME);
  return { zoom: Math.min(at.zoom, MAX_ALERT_ZOOM), map_latitude: at.latitude, map_longitude: at.longitude };
}
