/**
 * A coordinate as users type it (`51.5072,-0.1276`, `51.5072, -0.1276` or `51.5072 -0.1276`) → latitude and
 * longitude, or null when it is not one or is out of range.
 */
export interface LatLonInput {
  readonly latitude: number;
  readonly longitude: number;
}

const PAIR = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:,\s*|\s+)([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

export function parseCoordinates(text: string): LatLonInput | null {
  const m = PAIR.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
