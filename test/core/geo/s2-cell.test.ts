/**
 * The S2 cell computation: level-10 weather cells, checked against ids the scanners use (spawnpoint ids are
 * level-20 cell tokens, so a sample sighting's own spawnpoint shares its cell's leading digits), the id layout
 * of a level-k cell, and that every point of a cell gives the same id.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { s2CellId, weatherCellId } from '../../../core/geo/s2-cell.ts';

test('a level-20 cell id matches the token a scanner gave the spawnpoint next to the point', () => {
  // sample pokemon at 51.1439, 0.8343 with spawnpoint_id 47ded985e71 (coordinates rounded to 4 decimals)
  const token = s2CellId(51.1439, 0.8343, 20).toString(16).replace(/0+$/, '');
  assert.equal(token.slice(0, 10), '47ded985e7');
});

test('a level-10 id has the face in the top 3 bits and its lowest set bit at 2·(30−10)', () => {
  const id = s2CellId(51.28, 1.08, 10);
  const lowest = id & -id;
  assert.equal(lowest, 1n << 40n);
  assert.equal(id >> 61n, 2n); // northern Europe is on face 2
  assert.equal(weatherCellId(51.28, 1.08), id.toString());
});

test('the level-10 cell is the parent of the level-30 cell of the same point', () => {
  for (const [lat, lon] of [[51.28, 1.08], [-33.86, 151.21], [40.7, -74.0], [-22.9, -43.2], [89.9, 10], [0.1, -179.9]] as const) {
    const leaf = s2CellId(lat, lon, 30);
    const cell = s2CellId(lat, lon, 10);
    const mask = (1n << 41n) - 1n;
    assert.equal((leaf & ~mask) | (1n << 40n), cell, `${lat},${lon}`);
  }
});

test('nearby points share a weather cell, distant points do not', () => {
  assert.equal(weatherCellId(51.28, 1.08), weatherCellId(51.2801, 1.0801));
  assert.notEqual(weatherCellId(51.28, 1.08), weatherCellId(51.5, 1.08));
  assert.notEqual(weatherCellId(-51.28, 1.08), weatherCellId(51.28, 1.08));
});
