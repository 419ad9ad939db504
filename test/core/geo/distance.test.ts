import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boxAround, boxContains, boxesIntersect, boxOfFence, boxOfPoints, boxUnion } from '../../../core/geo/bbox.ts';
import { BEARING_ARROWS, bearingArrow, bearingDegrees, distanceMetres } from '../../../core/geo/distance.ts';
import { makeFence } from '../../../core/geo/fence.ts';

function near(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not within ${tolerance} of ${expected}`);
}

describe('distance and bearing', () => {
  test('haversine distances', () => {
    assert.equal(distanceMetres(51.5, -0.12, 51.5, -0.12), 0);
    near(distanceMetres(0, 0, 0, 1), 111_195, 1, 'one degree of longitude at the equator');
    near(distanceMetres(0, 0, 1, 0), 111_195, 1, 'one degree of latitude');
    near(distanceMetres(51.5074, -0.1278, 48.8566, 2.3522), 343_560, 500, 'London to Paris');
    near(distanceMetres(40.7128, -74.006, 51.5074, -0.1278), 5_570_000, 5_000, 'New York to London');
    near(distanceMetres(0, 0, 0, 180), Math.PI * 6_371_000, 1, 'antipodes');
    near(distanceMetres(52.52, 13.405, 52.5209, 13.405), 100, 0.2, '100 m north');
  });

  test('initial bearings', () => {
    near(bearingDegrees(0, 0, 1, 0), 0, 1e-9, 'north');
    near(bearingDegrees(0, 0, 0, 1), 90, 1e-9, 'east');
    near(bearingDegrees(0, 0, -1, 0), 180, 1e-9, 'south');
    near(bearingDegrees(0, 0, 0, -1), 270, 1e-9, 'west');
    near(bearingDegrees(51.5074, -0.1278, 48.8566, 2.3522), 148.1, 0.1, 'London to Paris');
    near(bearingDegrees(40.7128, -74.006, 51.5074, -0.1278), 51.2, 0.1, 'New York to London');
    assert.equal(bearingDegrees(10, 10, 10, 10), 0, 'same point: 0, not -0 or NaN');
  });

  test('8-point arrows', () => {
    assert.deepEqual(BEARING_ARROWS, ['⬆️', '↗️', '➡️', '↘️', '⬇️', '↙️', '⬅️', '↖️']);
    const cases: [number, string][] = [[0, '⬆️'], [22.4, '⬆️'], [22.6, '↗️'], [45, '↗️'], [90, '➡️'], [135, '↘️'], [180, '⬇️'], [225, '↙️'], [270, '⬅️'], [315, '↖️'], [337.4, '↖️'], [337.6, '⬆️'], [359.9, '⬆️'], [360, '⬆️'], [-90, '⬅️'], [450, '➡️']];
    for (const [bearing, arrow] of cases) assert.equal(bearingArrow(bearing), arrow, `bearing ${bearing}`);
    assert.equal(bearingArrow(Number.NaN), '⬆️');
  });
});

describe('bounding boxes', () => {
  test('of points and of a fence (outer rings only)', () => {
    assert.equal(boxOfPoints([]), null);
    assert.deepEqual(boxOfPoints([[1, 5], [-2, 3], [0, 7]]), { minLat: -2, minLon: 3, maxLat: 1, maxLon: 7 });
    const fence = makeFence({ fields: { name: 'x' }, extra: {}, multi: true, position: 0, polygons: [[[[0, 0], [0, 4], [4, 4]], [[1, 1], [1, 2], [2, 2]]], [[[10, 10], [10, 11], [11, 11]]]] }, { defaultName: 'city', source: 't' });
    assert.deepEqual(boxOfFence(fence), { minLat: 0, minLon: 0, maxLat: 11, maxLon: 11 });
  });

  test('contains, intersects, union', () => {
    const a = { minLat: 0, minLon: 0, maxLat: 2, maxLon: 2 };
    const b = { minLat: 2, minLon: 2, maxLat: 3, maxLon: 3 };
    const c = { minLat: 5, minLon: 5, maxLat: 6, maxLon: 6 };
    assert.equal(boxContains(a, 2, 0), true);
    assert.equal(boxContains(a, 2.1, 0), false);
    assert.equal(boxesIntersect(a, b), true, 'touching corners intersect');
    assert.equal(boxesIntersect(a, c), false);
    assert.deepEqual(boxUnion(a, c), { minLat: 0, minLon: 0, maxLat: 6, maxLon: 6 });
  });

  test('around a point: every point within the radius is inside the box', () => {
    const box = boxAround(60, 10, 1000);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const rad = (bearing * Math.PI) / 180;
      const dLat = ((1000 / 6_371_000) * Math.cos(rad) * 180) / Math.PI;
      const dLon = ((1000 / 6_371_000) * Math.sin(rad) * 180) / Math.PI / Math.cos((60 * Math.PI) / 180);
      const lat = 60 + dLat * 0.999;
      const lon = 10 + dLon * 0.999;
      assert.ok(distanceMetres(60, 10, lat, lon) <= 1000);
      assert.ok(boxContains(box, lat, lon), `bearing ${bearing}`);
    }
    near(box.maxLat - 60, 0.008993, 1e-5, 'latitude half-height of 1 km');
    assert.deepEqual(boxAround(89.999, 0, 1000), { minLat: 89.999 - (1000 / 6_371_000) * (180 / Math.PI), minLon: -180, maxLat: 90, maxLon: 180 });
    const wrap = boxAround(0, 179.999, 1000);
    assert.deepEqual([wrap.minLon, wrap.maxLon], [-180, 180], 'crossing the antimeridian spans all longitudes');
  });
});
