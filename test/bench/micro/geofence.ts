/**
 * Micro-benchmark: the geofence point query matching uses (the R-tree plus point-in-polygon of core/geo) over
 * ~500 generated fences of realistic size and detail. Half the points lie inside a random fence (scanners mostly
 * report from covered areas), half anywhere in the region (inside one fence, several, or none).
 */
import { FenceIndex } from '../../../core/geo/index.ts';
import { fence } from '../../helpers/fences.ts';
import { boundsOf, pointSampler, scatteredFences } from '../fences.ts';
import { seededRandom } from '../random.ts';
import { measure, type MicroFigures } from './timing.ts';

export interface GeofenceMicro extends MicroFigures {
  readonly fences: number;
  readonly vertices: number;
  readonly mean_fences_per_point: number;
}

export function geofenceMicro(seed: number, count = 500): GeofenceMicro {
  const random = seededRandom(seed);
  const generated = scatteredFences(random, count);
  const index = new FenceIndex(generated.map((f) => fence(f.name, { id: f.id, polygons: [[f.path]] })));
  const box = boundsOf(generated);
  const r = random.fork('points');
  const samplers = generated.map((f) => pointSampler(f));
  const points = Array.from({ length: 10_000 }, (_, i): readonly [number, number] => {
    if (i % 2 === 0) {
      const p = r.pick(samplers)(r);
      return [p.latitude, p.longitude];
    }
    return [box.minLat + r.next() * (box.maxLat - box.minLat), box.minLon + r.next() * (box.maxLon - box.minLon)];
  });
  const hits = points.reduce((sum, [lat, lon]) => sum + index.query(lat, lon).length, 0);
  const figures = measure((i) => {
    const [lat, lon] = points[i % points.length]!;
    return index.query(lat, lon);
  }, { opsPerSample: 200 });
  return {
    ...figures,
    fences: generated.length,
    vertices: generated.reduce((sum, f) => sum + f.path.length, 0),
    mean_fences_per_point: hits / points.length,
  };
}
