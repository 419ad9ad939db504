/**
 * [tuning] heap_growing_percent: the V8 flag it becomes, and that this Node knows that flag.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { configFromObject, defaultConfig } from '../helpers/config.ts';
import { heapGrowthFlag } from '../../core/heap-growth.ts';

describe('heap growth', () => {
  test('a percentage becomes the V8 flag; 0 leaves V8 to decide', () => {
    assert.equal(heapGrowthFlag(35), '--heap-growing-percent=35');
    assert.equal(heapGrowthFlag(0), null);
    assert.throws(() => heapGrowthFlag(-1), RangeError);
    assert.throws(() => heapGrowthFlag(2.5), RangeError);
  });

  test('this Node accepts the flag (a renamed flag would be refused as a bad option)', () => {
    const flag = heapGrowthFlag(defaultConfig().tuning.heap_growing_percent);
    assert.ok(flag);
    const run = spawnSync(process.execPath, [flag, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const bad = spawnSync(process.execPath, ['--heap-growing-percentage=35', '-e', 'process.exit(0)'], { encoding: 'utf8' });
    assert.notEqual(bad.status, 0, 'an unknown flag is refused, so the check above means something');
  });

  test('the configuration takes 0 to 400 and nothing else', () => {
    assert.equal(defaultConfig().tuning.heap_growing_percent, 35);
    assert.equal(configFromObject({ tuning: { heap_growing_percent: 0 } }).config.tuning.heap_growing_percent, 0);
    assert.throws(() => configFromObject({ tuning: { heap_growing_percent: 401 } }), /tuning\.heap_growing_percent must be an integer from 0 to 400/);
    assert.throws(() => configFromObject({ tuning: { heap_growing_percent: -5 } }), /tuning\.heap_growing_percent/);
  });
});
