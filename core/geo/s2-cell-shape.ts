/**
 * The shape of an S2 cell on the map, as pure functions: its centre and its four corners in [lat, lon],
 * worked back from the cell id that s2-cell.ts computes (face, Hilbert position → i/j on the face → the
 * quadratic (s,t)→(u,v) projection → the point on the unit sphere). Corners come in S2's vertex order:
 * (low u, low v), (high u, low v), (high u, high v), (low u, high v).
 */
import type { LatLon } from './fence.ts';
import { s2CellId, WEATHER_CELL_LEVEL } from './s2-cell.ts';

export interface CellShape {
  /** the cell id as decimal text */
  readonly id: string;
  readonly centre: LatLon;
  readonly corners: readonly [LatLon, LatLon, LatLon, LatLon];
}

/** the (i, j) quadrant bits `(i << 1) | j` at each Hilbert position, per orientation (the inverse of the encoder's table) */
const POSITION_TO_IJ: readonly (readonly number[])[] = [
  [0, 1, 3, 2],
  [0, 2, 3, 1],
  [3, 2, 0, 1],
  [3, 1, 0, 2],
];
/** how the orientation changes inside the sub-cell at each Hilbert position */
const ORIENTATION_CHANGE: readonly number[] = [1, 0, 0, 3];

interface FaceCell {
  readonly face: number;
  readonly i: number;
  readonly j: number;
}

/** The face and the cell's i/j (0 … 2^level − 1) on it, read from the id. */
function decode(id: bigint, level: number): FaceCell {
  const face = Number(id >> 61n);
  const shift = BigInt(2 * (30 - level) + 1);
  const position = (id >> shift) & ((1n << BigInt(2 * level)) - 1n);
  let orientation = face & 1;
  let i = 0;
  let j = 0;
  for (let step = level - 1; step >= 0; step--) {
    const pos = Number((position >> BigInt(2 * step)) & 3n);
    const ij = POSITION_TO_IJ[orientation]![pos]!;
    i = (i << 1) | (ij >> 1);
    j = (j << 1) | (ij & 1);
    orientation ^= ORIENTATION_CHANGE[pos]!;
  }
  return { face, i, j };
}

function stToUv(s: number): number {
  return s >= 0.5 ? (4 * s * s - 1) / 3 : (1 - 4 * (1 - s) * (1 - s)) / 3;
}

/** The direction (not normalised) of face coordinates (u, v). */
function faceXyz(face: number, u: number, v: number): readonly [number, number, number] {
  switch (face) {
    case 0: return [1, u, v];
    case 1: return [-u, 1, v];
    case 2: return [-u, -v, 1];
    case 3: return [-1, -v, -u];
    case 4: return [v, -1, -u];
    default: return [v, u, -1];
  }
}

const DEG = 180 / Math.PI;

/** The point at (s, t) ∈ [0, 1]² on a face as [lat, lon] degrees. */
function pointAt(face: number, s: number, t: number): LatLon {
  const [x, y, z] = faceXyz(face, stToUv(s), stToUv(t));
  return [Math.atan2(z, Math.hypot(x, y)) * DEG, Math.atan2(y, x) * DEG];
}

/** The cell at `level` containing the point: id, centre and corners. */
export function cellShape(latitude: number, longitude: number, level: number = WEATHER_CELL_LEVEL): CellShape {
  const id = s2CellId(latitude, longitude, level);
  const { face, i, j } = decode(id, level);
  const size = 2 ** level;
  const [s0, s1, t0, t1] = [i / size, (i + 1) / size, j / size, (j + 1) / size];
  return {
    id: id.toString(),
    centre: pointAt(face, (i + 0.5) / size, (j + 0.5) / size),
    corners: [pointAt(face, s0, t0), pointAt(face, s1, t0), pointAt(face, s1, t1), pointAt(face, s0, t1)],
  };
}

/** The weather (level-10) cell containing the point. */
export function weatherCellShape(latitude: number, longitude: number): CellShape {
  return cellShape(latitude, longitude, WEATHER_CELL_LEVEL);
}
