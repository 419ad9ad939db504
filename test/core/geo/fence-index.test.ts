import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { makeFence, type Fence, type Polygon } from '../../../core/geo/fence.ts';
import { FenceIndex } from '../../../core/geo/fence-index.ts';
import { loadGeofences } from '../../../core/geo/load.ts';
import { compileRing, INSIDE, ON_BOUNDARY, OUTSIDE, polygonContains, ringPosition } from '../../../core/geo/pip.ts';
import { options } from './support.ts';

function fence(name: string, polygons: Polygon[], multi = polygons.length > 1): Fence {
  return makeFence({ fields: { name }, extra: {}, polygons, multi, position: 0 }, { defaultName: 'city', source: 'test' });
}

function square(lat: number, lon: number, size: number): Polygon {
  return [[[lat, lon], [lat, lon + size], [lat + size, lon + size], [lat + size, lon]]];
}

const names = (fences: Fence[]) => fences.map((f) => f.name);

describe('fence index', () => {
  let index: FenceIndex;
  before(async () => {
    index = new FenceIndex((await loadGeofences(options(['poracle.json', 'geojson.json']))).fences);
  });

  test('inside, outside', () => {
    assert.deepEqual(names(index.query(10.5, 20.5)), ['Alpha']);
    assert.deepEqual(names(index.query(12.5, 20.5)), ['Beta'], 'second polygon of a multipath');
    assert.deepEqual(names(index.query(10.5, 22.5)), ['Beta']);
    assert.deepEqual(names(index.query(11.0001, 20.5)), []);
    assert.deepEqual(names(index.query(10.5, 19.9999)), []);
    assert.deepEqual(names(index.query(-45, 100)), []);
  });

  test('edges and vertices count as inside', () => {
    assert.deepEqual(names(index.query(10, 20.5)), ['Alpha'], 'bottom edge');
    assert.deepEqual(names(index.query(11, 20.5)), ['Alpha'], 'top edge');
    assert.deepEqual(names(index.query(10.5, 21)), ['Alpha'], 'right edge');
    assert.deepEqual(names(index.query(10.5, 20)), ['Alpha'], 'left edge (closing segment of an open ring)');
    for (const [lat, lon] of [[10, 20], [10, 21], [11, 21], [11, 20]] as const) assert.deepEqual(names(index.query(lat, lon)), ['Alpha'], `vertex ${lat},${lon}`);
  });

  test('holes are respected; the boundary of a hole still belongs to the fence', () => {
    assert.deepEqual(names(index.query(10.5, 30.5)), ['Donut']);
    assert.deepEqual(names(index.query(12, 32)), [], 'inside the hole');
    assert.deepEqual(names(index.query(11, 32)), ['Donut'], 'on the hole edge');
    assert.deepEqual(names(index.query(13, 33)), ['Donut'], 'on a hole vertex');
    assert.deepEqual(names(index.query(10.5, 40.5)), ['islands'], 'MultiPolygon first part');
    assert.deepEqual(names(index.query(10.5, 42.5)), ['islands'], 'MultiPolygon second part');
    assert.deepEqual(names(index.query(12, 44)), [], 'hole of the second part');
  });

  test('results are in load order, each fence once', () => {
    const overlapping = new FenceIndex([
      fence('zeta', [square(0, 0, 2)]),
      fence('alpha', [square(1, 1, 2)]),
      fence('twice', [square(0, 0, 3), square(0.5, 0.5, 1)]),
      fence('mid', [square(-1, -1, 4)]),
    ]);
    assert.deepEqual(names(overlapping.query(1.5, 1.5)), ['zeta', 'alpha', 'twice', 'mid']);
    assert.deepEqual(names(overlapping.query(2.5, 2.5)), ['alpha', 'twice', 'mid']);
  });

  test('byName is case-insensitive; names() lists each name once', () => {
    assert.equal(index.byName('ALPHA')?.name, 'Alpha');
    assert.equal(index.byName('Islands')?.name, 'islands');
    assert.equal(index.byName('nowhere'), undefined);
    assert.deepEqual(index.names(), ['Alpha', 'Beta', 'city', 'Donut', 'islands']);
    assert.equal(index.size, 6);
  });

  test('an empty index answers nothing', () => {
    const empty = new FenceIndex([]);
    assert.deepEqual(empty.query(0, 0), []);
    assert.deepEqual(empty.names(), []);
  });

  test('the tree never loses a fence: 500 random fences against a full scan', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const fences: Fence[] = [];
    for (let i = 0; i < 500; i++) {
      const lat = random() * 2;
      const lon = random() * 2;
      const points = Array.from({ length: 8 }, (_, k) => {
        const angle = (k / 8) * 2 * Math.PI;
        const r = 0.02 + random() * 0.1;
        return [lat + r * Math.sin(angle), lon + r * Math.cos(angle)] as const;
      });
      fences.push(fence(`f${i}`, [[points]]));
    }
    const big = new FenceIndex(fences);
    const compiled = fences.map((f) => f.polygons.map((p) => p.map(compileRing)));
    for (let q = 0; q < 2000; q++) {
      const lat = random() * 2.2 - 0.1;
      const lon = random() * 2.2 - 0.1;
      const expected = fences.filter((_, i) => compiled[i]!.some((rings) => polygonContains(rings, lon, lat)));
      assert.deepEqual(names(big.query(lat, lon)), names(expected));
    }
  });
});

describe('ring crossing test', () => {
  const triangle = compileRing([[0, 0], [0, 4], [4, 0]]);

  test('inside, outside, on an edge, on a vertex', () => {
    assert.equal(ringPosition(triangle, 1, 1), INSIDE);
    assert.equal(ringPosition(triangle, 3, 3), OUTSIDE);
    assert.equal(ringPosition(triangle, 2, 2), ON_BOUNDARY, 'on the diagonal');
    assert.equal(ringPosition(triangle, 4, 0), ON_BOUNDARY);
    assert.equal(ringPosition(triangle, -1, 0), OUTSIDE, 'level with the bottom edge, left of it');
    assert.equal(ringPosition(triangle, 5, 0), OUTSIDE, 'level with the bottom edge, right of it');
    assert.equal(ringPosition(triangle, 1, 4.0001), OUTSIDE, 'just above the top vertex');
    assert.equal(ringPosition(triangle, -0.0001, 2), OUTSIDE);
  });

  test('a ray through a vertex is counted once', () => {
    const diamond = compileRing([[0, 2], [2, 4], [4, 2], [2, 0]]);
    assert.equal(ringPosition(diamond, 1, 2), INSIDE);
    assert.equal(ringPosition(diamond, -1, 2), OUTSIDE);
    assert.equal(ringPosition(diamond, 5, 2), OUTSIDE);
  });

  test('closed rings give the same answers as open ones', () => {
    const closed = compileRing([[0, 0], [0, 4], [4, 0], [0, 0]]);
    for (const [x, y] of [[1, 1], [3, 3], [2, 2], [0, 0]] as const) assert.equal(ringPosition(closed, x, y), ringPosition(triangle, x, y));
  });
});
