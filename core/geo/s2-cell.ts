/**
 * The S2 cell id (as a decimal string) of the level-10 cell — the game's weather cell — containing a
 * latitude/longitude, computed with the public S2 geometry: the point on the unit sphere, its cube face, the
 * quadratic (u,v)→(s,t) projection and the Hilbert-curve position of the cell on that face. Scanners send the
 * id as a 64-bit JSON number that JSON.parse rounds, so the id is always recomputed from the coordinates.
 */

/** The weather cell level. */
export const WEATHER_CELL_LEVEL = 10;

const MAX_LEVEL = 30;
const MAX_SIZE = 1 << MAX_LEVEL;
const SWAP = 1;
const INVERT = 2;
/** Hilbert position of the (i,j) quadrant bit pair `(i << 1) | j`, per orientation */
const IJ_TO_POS: readonly (readonly number[])[] = [
  [0, 1, 3, 2],
  [0, 3, 1, 2],
  [2, 3, 1, 0],
  [2, 1, 3, 0],
];
/** how the orientation changes inside the sub-cell at each Hilbert position */
const POS_TO_ORIENTATION: readonly number[] = [SWAP, 0, 0, INVERT | SWAP];

interface FaceUv {
  readonly face: number;
  readonly u: number;
  readonly v: number;
}

function faceUv(x: number, y: number, z: number): FaceUv {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  let face = ax > ay ? (ax > az ? 0 : 2) : ay > az ? 1 : 2;
  if ((face === 0 && x < 0) || (face === 1 && y < 0) || (face === 2 && z < 0)) face += 3;
  switch (face) {
    case 0: return { face, u: y / x, v: z / x };
    case 1: return { face, u: -x / y, v: z / y };
    case 2: return { face, u: -x / z, v: -y / z };
    case 3: return { face, u: z / x, v: y / x };
    case 4: return { face, u: z / y, v: -x / y };
    default: return { face, u: -y / z, v: -x / z };
  }
}

function uvToSt(u: number): number {
  return u >= 0 ? 0.5 * Math.sqrt(1 + 3 * u) : 1 - 0.5 * Math.sqrt(1 - 3 * u);
}

function stToIj(s: number): number {
  return Math.max(0, Math.min(MAX_SIZE - 1, Math.floor(MAX_SIZE * s)));
}

/** The id of the cell at `level` (0…30) containing the point, as an unsigned 64-bit bigint. */
export function s2CellId(latitude: number, longitude: number, level: number = WEATHER_CELL_LEVEL): bigint {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  const x = Math.cos(lat) * Math.cos(lng);
  const y = Math.cos(lat) * Math.sin(lng);
  const z = Math.sin(lat);
  const { face, u, v } = faceUv(x, y, z);
  const i = stToIj(uvToSt(u));
  const j = stToIj(uvToSt(v));
  let orientation = face & SWAP;
  let position = 0n;
  for (let bit = MAX_LEVEL - 1; bit >= MAX_LEVEL - level; bit--) {
    const quadrant = (((i >> bit) & 1) << 1) | ((j >> bit) & 1);
    const pos = IJ_TO_POS[orientation]![quadrant]!;
    position = (position << 2n) | BigInt(pos);
    orientation ^= POS_TO_ORIENTATION[pos]!;
  }
  const shift = BigInt(2 * (MAX_LEVEL - level) + 1);
  return (BigInt(face) << 61n) | (position << shift) | (1n << (shift - 1n));
}

/** The weather (level-10) cell id containing the point, as the decimal text the `weather` table stores. */
export function weatherCellId(latitude: number, longitude: number): string {
  return s2CellId(latitude, longitude, WEATHER_CELL_LEVEL).toString();
}
