/**
 * The areas nearby lookups ask for: a static map's frame and a square around a point.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameBox, radiusBox } from '../../../core/scanner-db/index.ts';

const LONDON = { latitude: 51.5, longitude: -0.12 };
const R = 6_371_008.8;
const metresNorth = (dLat: number): number => (dLat * Math.PI * R) / 180;
const metresEast = (dLon: number, lat: number): number => ((dLon * Math.PI * R) / 180) * Math.cos((lat * Math.PI) / 180);

test('frameBox: the ground a width × height map shows at a zoom, centred on the point', () => {
  const box = frameBox(LONDON, 500, 250, 15);
  // at zoom 15 a pixel is 156543.03 m × cos(lat) / 2^15 wide
  const metresPerPixel = (156_543.034 * Math.cos((LONDON.latitude * Math.PI) / 180)) / 2 ** 15;
  assert.ok(Math.abs(metresEast(box.maxLon - box.minLon, LONDON.latitude) - 500 * metresPerPixel) < 2);
  assert.ok(Math.abs(metresNorth(box.maxLat - box.minLat) - 250 * metresPerPixel) < 2);
  assert.ok(Math.abs((box.minLon + box.maxLon) / 2 - LONDON.longitude) < 1e-9);
  assert.ok(Math.abs((box.minLat + box.maxLat) / 2 - LONDON.latitude) < 1e-5);
  const closer = frameBox(LONDON, 500, 250, 16);
  assert.ok(Math.abs((closer.maxLon - closer.minLon) * 2 - (box.maxLon - box.minLon)) < 1e-9, 'one zoom level more halves the frame');
});

test('radiusBox: a square of twice the radius, wider in degrees of longitude away from the equator', () => {
  const box = radiusBox(LONDON, 1000);
  assert.ok(Math.abs(metresNorth(box.maxLat - box.minLat) - 2000) < 0.01);
  assert.ok(Math.abs(metresEast(box.maxLon - box.minLon, LONDON.latitude) - 2000) < 0.01);
  const equator = radiusBox({ latitude: 0, longitude: 0 }, 1000);
  assert.ok(Math.abs(equator.maxLon - equator.maxLat) < 1e-12);
});
