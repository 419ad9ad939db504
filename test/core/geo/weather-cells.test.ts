/**
 * The core's weather per cell: a published condition is read back by cell id and by any point of that cell,
 * never by a point of a neighbouring cell; unknown cells and values that are not weather ids read as null.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { s2CellId, weatherCellId } from '../../../core/geo/s2-cell.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';

const CELL = weatherCellId(51.28, 1.08);

test('a published condition is read by cell id and at a point of the cell', () => {
  const cells = new WeatherCellStore();
  assert.equal(cells.condition(CELL), null);
  assert.equal(cells.at(51.28, 1.08), null);
  cells.publish(CELL, 2);
  assert.equal(cells.condition(CELL), 2);
  assert.equal(cells.at(51.28, 1.08), 2);
  assert.equal(cells.at(51.2801, 1.0801), 2, 'a nearby point of the same cell');
  cells.publish(CELL, 5);
  assert.equal(cells.at(51.28, 1.08), 5, 'the latest report wins');
  cells.publish(CELL, 0);
  assert.equal(cells.at(51.28, 1.08), 0, '0 (no weather) is a known condition');
  assert.equal(cells.size, 1);
});

test('a point just outside the cell reads its own cell, not the published one', () => {
  const cells = new WeatherCellStore();
  cells.publish(CELL, 3);
  // walk north from the point until the weather cell changes: the last point inside and the first outside
  let inside = 51.28;
  while (weatherCellId(inside + 0.001, 1.08) === CELL) inside += 0.001;
  const outside = inside + 0.001;
  assert.equal(cells.at(inside, 1.08), 3);
  assert.notEqual(weatherCellId(outside, 1.08), CELL);
  assert.equal(cells.at(outside, 1.08), null);
  assert.equal(cells.at(-51.28, 1.08), null, 'the other hemisphere');
});

test('the cell id is the level-10 S2 id the weather table and the scanners use', () => {
  const cells = new WeatherCellStore();
  cells.publish(s2CellId(48.1365, 11.572, 10).toString(), 7);
  assert.equal(cells.at(48.1365, 11.572), 7);
  assert.equal(cells.at(48.1366, 11.5721), 7);
});

test('values that are not weather ids and bad points are ignored', () => {
  const cells = new WeatherCellStore();
  cells.publish(CELL, -1);
  cells.publish(CELL, 1.5);
  cells.publish(CELL, Number.NaN);
  cells.publish('', 2);
  assert.equal(cells.condition(CELL), null);
  assert.equal(cells.size, 0);
  assert.equal(cells.at(Number.NaN, 1.08), null);
});

test('a condition holds for the hour it was learned in: the game changes the weather on the hour', () => {
  let now = Date.UTC(2026, 10, 23, 10, 5);
  const cells = new WeatherCellStore(() => now);
  cells.publish(CELL, 2);
  now = Date.UTC(2026, 10, 23, 10, 59, 59);
  assert.equal(cells.condition(CELL), 2);
  now = Date.UTC(2026, 10, 23, 11, 0, 0);
  assert.equal(cells.condition(CELL), null, 'unknown again from the next hour on');
  cells.publish(CELL, 6);
  assert.equal(cells.condition(CELL), 6);
});
