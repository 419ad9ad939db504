import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Human, NamedLocation } from '../../../core/model.ts';
import { distanceMetres } from '../../../core/geo/index.ts';
import { cellOf, cellsOfCircle, partitionByReach, reachCandidates, type ReachableRule } from '../../../core/match/reach-partition.ts';
import { ruleReaches } from '../../../core/match/reach.ts';
import { seededRandom } from '../../bench/random.ts';
import { human } from '../../helpers/humans.ts';

it('every point within a circle lies in one of the circle\'s cells', () => {
  const random = seededRandom(7).fork('circles');
  const float = (min: number, max: number) => min + random.next() * (max - min);
  let checked = 0;
  for (let c = 0; c < 400; c++) {
    const lat = float(-75, 75);
    const lon = float(-179, 179);
    const metres = random.int(50, 60_000);
    const cells = cellsOfCircle(lat, lon, metres);
    if (cells === null) continue;
    const set = new Set(cells);
    for (let p = 0; p < 200; p++) {
      // points spread over the circle, many right at its edge
      const bearing = float(0, 2 * Math.PI);
      const fraction = p % 4 === 0 ? 1 : Math.sqrt(float(0, 1));
      const dLat = ((metres * fraction * Math.cos(bearing)) / 6_371_000) * (180 / Math.PI);
      const dLon = ((metres * fraction * Math.sin(bearing)) / (6_371_000 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
      const [plat, plon] = [lat + dLat * 1.02, lon + dLon * 1.02];
      if (distanceMetres(lat, lon, plat, plon) > metres) continue;
      assert.ok(set.has(cellOf(plat, plon)), `${plat},${plon} within ${metres} m of ${lat},${lon}`);
      checked++;
    }
  }
  assert.ok(checked > 10_000, `checked ${checked}`);
});

it('a circle too wide for the grid, near a pole or across the antimeridian has no cells', () => {
  assert.equal(cellsOfCircle(48, 11, 500_000), null);
  assert.equal(cellsOfCircle(89.9, 0, 1_000), null);
  assert.equal(cellsOfCircle(0, 179.999, 1_000), null);
  assert.ok(cellsOfCircle(48, 11, 1_000)!.length <= 4);
});

const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const humans = new Map<string, Human>([
  ['a', human('a', { area: ['old town'], ...at(48.1, 11.5) })],
  ['b', human('b', { area: ['riverside', 'old town'], ...at(0, 0) })],
]);
const saved: NamedLocation = { uid: 1, humanId: 'b', label: 'Park', latitude: 48.2, longitude: 11.6 };
const locations = new Map([['b', new Map([['park', saved]])]]);
const rule = (humanId: string, distance: number, extra: { areas?: string[]; label?: string } = {}): ReachableRule => ({
  humanId,
  reach: { distance, areas: extra.areas ?? null, locationLabel: extra.label ?? null },
});

it('splits rules by the areas and cells they can reach, leaving out rules that reach nothing', () => {
  const rules = [
    rule('a', 0), // a's areas
    rule('b', 0, { areas: ['dover'] }), // override
    rule('a', 1000), // around a
    rule('b', 1000), // b has no location: reaches nothing
    rule('b', 1000, { label: 'park' }), // around the saved location
    rule('nobody', 0),
    rule('a', 2_000_000), // wide
    rule('b', 0), // both of b's areas
  ];
  const p = partitionByReach(rules, { humans, locations });
  assert.deepEqual([...p.byArea.get('old town')!], [0, 7]);
  assert.deepEqual([...p.byArea.get('riverside')!], [7]);
  assert.deepEqual([...p.byArea.get('dover')!], [1]);
  assert.deepEqual([...p.byCell.get(cellOf(48.1, 11.5))!], [2]);
  assert.deepEqual([...p.byCell.get(cellOf(48.2, 11.6))!], [4]);
  assert.deepEqual([...p.wide], [6]);
  const visited = reachCandidates(p, 48.1, 11.5, new Set(['old town', 'riverside'])).lists.flatMap((list) => [...list]);
  assert.deepEqual(visited, [0, 7, 7, 2, 6]);
  assert.deepEqual(reachCandidates(p, 10, 10, new Set()).lists.flatMap((list) => [...list]), [6]);
  // the matcher skips the reach check for the event's area lists: every rule there passes it
  for (const areaNames of [new Set(['old town', 'riverside']), new Set(['dover']), new Set(['riverside', 'nowhere'])]) {
    const { lists, inReach } = reachCandidates(p, 48.1, 11.5, areaNames);
    assert.equal(inReach, [...areaNames].filter((name) => p.byArea.has(name)).length);
    for (const position of lists.slice(0, inReach).flatMap((list) => [...list])) {
      const r = rules[position]!;
      assert.deepEqual(ruleReaches(r.reach, humans.get(r.humanId)!, locations.get(r.humanId), { latitude: 48.1, longitude: 11.5 }, areaNames), { reached: true }, `rule ${position} in ${[...areaNames]}`);
    }
  }
});

it('takes the human a rule carries instead of looking its id up', () => {
  const carried = { ...humans.get('a')!, area: ['riverside'] };
  const p = partitionByReach([{ ...rule('a', 0), human: carried }, rule('a', 0)], { humans, locations });
  assert.deepEqual([...p.byArea.get('riverside')!], [0]);
  assert.deepEqual([...p.byArea.get('old town')!], [1]);
  // a rule that carries no human (undefined) falls back to the lookup
  assert.deepEqual([...partitionByReach([{ ...rule('a', 0), human: undefined }], { humans, locations }).byArea.get('old town')!], [0]);
});
