/**
 * The pure helpers behind the geofence maps: framing a box, circle rings, encoded polylines and thinning,
 * S2 cell shapes, colours, and what a request asks for.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { circleRing } from '../../../core/geo/circle-ring.ts';
import { distanceMetres } from '../../../core/geo/distance.ts';
import { fenceColour, rainbow } from '../../../core/geo/map-colours.ts';
import { fitBox, POINT_ZOOM } from '../../../core/geo/map-frame.ts';
import { areaNamesBody, wantsImage } from '../../../core/geo/map-request.ts';
import { closeRing, encodePolyline, thinRing } from '../../../core/geo/polyline.ts';
import { s2CellId } from '../../../core/geo/s2-cell.ts';
import { cellShape, weatherCellShape } from '../../../core/geo/s2-cell-shape.ts';

describe('map helpers', () => {
  test('fitBox: the centre, and a zoom that halves when the box doubles; a point gets the fixed zoom', () => {
    const small = fitBox({ minLat: 0, maxLat: 0.01, minLon: 0, maxLon: 0.01 }, { width: 500, height: 250 });
    const large = fitBox({ minLat: 0, maxLat: 0.02, minLon: 0, maxLon: 0.02 }, { width: 500, height: 250 });
    assert.deepEqual([small.latitude, small.longitude], [0.005, 0.005]);
    assert.ok(Math.abs(small.zoom - large.zoom - 1) < 0.02);
    // near the equator a degree of latitude is as tall as one of longitude is wide: 0.01° is 1/36000 of the
    // 256-pixel world, to fill 200 px (250 / the 1.25 margin) → log2(200·36000/256)
    assert.ok(Math.abs(small.zoom - Math.log2((200 * 36000) / 256)) < 0.02);
    assert.equal(fitBox({ minLat: 5, maxLat: 5, minLon: 6, maxLon: 6 }, { width: 500, height: 250 }).zoom, POINT_ZOOM);
    assert.equal(fitBox({ minLat: -90, maxLat: 90, minLon: -180, maxLon: 180 }, { width: 100, height: 100 }).zoom, 0);
  });

  test('circleRing: closed, every point at the distance, longitudes in range across the antimeridian', () => {
    const ring = circleRing(51.5, -0.12, 1500, 24);
    assert.equal(ring.length, 25);
    assert.deepEqual(ring[0], ring[24]);
    for (const [lat, lon] of ring) assert.ok(Math.abs(distanceMetres(51.5, -0.12, lat, lon) - 1500) < 0.01);
    for (const [, lon] of circleRing(0, 179.99, 5000)) assert.ok(lon >= -180 && lon <= 180);
  });

  test('encodePolyline: the format reference example; thinRing and closeRing', () => {
    assert.equal(encodePolyline([[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]]), '_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    const ring = Array.from({ length: 1000 }, (_, k) => [k, k] as const);
    const thin = thinRing(ring, 100);
    assert.equal(thin.length, 100);
    assert.deepEqual(thin[0], [0, 0]);
    assert.deepEqual(thinRing(ring.slice(0, 5), 100), ring.slice(0, 5));
    assert.deepEqual(closeRing([[1, 1], [1, 2], [2, 2]]), [[1, 1], [1, 2], [2, 2], [1, 1]]);
    assert.deepEqual(closeRing([[1, 1], [1, 2], [1, 1]]), [[1, 1], [1, 2], [1, 1]]);
  });

  test('cellShape: the centre and points just inside every corner lie in the cell, at every level and face', () => {
    for (const [lat, lon] of [[51.5, -0.12], [-33.9, 151.2], [89.9, 10], [-89.9, -170], [0, 0], [35, 135], [10, -100]] as const) {
      for (const level of [1, 10, 15]) {
        const cell = cellShape(lat, lon, level);
        assert.equal(cell.id, s2CellId(lat, lon, level).toString());
        assert.equal(s2CellId(cell.centre[0], cell.centre[1], level).toString(), cell.id);
        for (const [cLat, cLon] of cell.corners) {
          if (Math.abs(cLon - cell.centre[1]) > 90) continue; // a polar cell: its corners' mean is not inside
          assert.equal(s2CellId(cLat + (cell.centre[0] - cLat) * 0.01, cLon + (cell.centre[1] - cLon) * 0.01, level).toString(), cell.id);
        }
      }
    }
    const weather = weatherCellShape(51.5, -0.12);
    assert.ok(distanceMetres(...weather.corners[0], ...weather.corners[1]) > 5000, 'a level-10 cell is kilometres wide');
  });

  test('colours: usable fence colours are kept, others replaced; rainbow steps around the wheel', () => {
    assert.equal(fenceColour('#ABCDEF'), '#abcdef');
    assert.equal(fenceColour('f00'), '#ff0000');
    assert.equal(fenceColour('red'), '#3366cc');
    assert.deepEqual([0, 1, 2].map((k) => rainbow(3, k)), ['#ff0000', '#00ff00', '#0000ff']);
    assert.equal(rainbow(4, 1), '#80ff00');
  });

  test('wantsImage and areaNamesBody', () => {
    assert.equal(wantsImage({}, undefined), false);
    assert.equal(wantsImage({}, '*/*'), false);
    assert.equal(wantsImage({}, 'image/webp,*/*'), true);
    assert.equal(wantsImage({}, 'image/png, application/json'), false);
    assert.equal(wantsImage({ format: 'image' }, 'application/json'), true);
    assert.throws(() => wantsImage({ format: ['image', 'json'] }, undefined), /format/);
    assert.deepEqual(areaNamesBody({ areas: [' a ', 'b'] }), ['a', 'b']);
    assert.deepEqual(areaNamesBody(['a']), ['a']);
    assert.throws(() => areaNamesBody(null), /areas/);
  });
});
