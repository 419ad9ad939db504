/**
 * Compatibility: every sample webhook of ../shared/reference/samples (both generations' test data), shifted —
 * every number in it that reads as a unix time of these years (seconds or milliseconds, at any depth) has moved
 * by the offset, so the replay's table of time fields misses none the scanners send. Skipped when the folder is
 * absent.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { shiftItem } from '../../../core/replay-log/time-shift.ts';
import { REPO_ROOT } from '../gamedata/support.ts';

const SAMPLES_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');
const SAMPLE_FILES = ['testdata-js.json', 'testdata-ng.json'];
const OFFSET_MS = 5 * 86_400_000;
/** 2015 … 2040 */
const SECONDS = [1_420_070_400, 2_208_988_800] as const;
/** ids that are numbers in the older test data, not times */
const NOT_TIMES = new Set(['spawnpoint_id', 's2_cell_id']);

interface Sample {
  readonly type: string;
  readonly test: string;
  readonly webhook: unknown;
}

/** every (path, value) of a number that reads as a time */
function times(value: unknown, path = ''): [string, number][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => times(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => (NOT_TIMES.has(k) ? [] : times(v, `${path}.${k}`)));
  }
  if (typeof value !== 'number') return [];
  const isSeconds = value >= SECONDS[0] && value <= SECONDS[1];
  const isMs = value >= SECONDS[0] * 1000 && value <= SECONDS[1] * 1000;
  return isSeconds || isMs ? [[path, value]] : [];
}

test('every time in every reference sample is shifted', (t) => {
  const present = SAMPLE_FILES.filter((f) => existsSync(join(SAMPLES_DIR, f)));
  if (present.length === 0) return t.skip('reference samples not present');
  let checked = 0;
  for (const file of present) {
    for (const sample of JSON.parse(readFileSync(join(SAMPLES_DIR, file), 'utf8')) as Sample[]) {
      const before = new Map(times(sample.webhook));
      const after = new Map(times((shiftItem({ type: sample.type, message: sample.webhook }, OFFSET_MS) as { message: unknown }).message));
      for (const [path, value] of before) {
        const expected = value >= SECONDS[1] ? value + OFFSET_MS : value + OFFSET_MS / 1000;
        assert.equal(after.get(path), expected, `${file} ${sample.type}/${sample.test}: ${path}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 50, `${checked} times checked`);
});
