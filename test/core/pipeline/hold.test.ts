/**
 * The `hold` member in the pipeline: the matches it keeps are not rendered or sent, the others are; a `service-test`
 * item (onlyTo) never goes through it; a hold that throws is counted against the plugin and every match is sent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Match } from '../../../core/contract.ts';
import { sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { sightingPipeline } from './sighting-pipeline.ts';

function setup(hold: (matches: readonly Match[]) => readonly Match[]) {
  const held: string[] = [];
  const plugin = {
    ...sightingPlugin(),
    hold: (_event: unknown, matches: readonly Match[]) => {
      const now = hold(matches);
      held.push(...matches.filter((m) => !now.includes(m)).map((m) => m.human.id));
      return now;
    },
  };
  const { pipeline, jobs, metrics, item } = sightingPipeline({ plugin, log: captureLog().log });
  return { pipeline, jobs, held, metrics, item };
}

describe('pipeline: hold', () => {
  test('held matches are not sent; the others are', async () => {
    const { pipeline, jobs, held, item } = setup((matches) => matches.filter((m) => m.human.id !== 'alice'));
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id), ['bob']);
    assert.deepEqual(held, ['alice']);
  });

  test('a service-test item is never held', async () => {
    const { pipeline, jobs, held, item } = setup(() => []);
    await pipeline.process(item({ id: 's1', species: 25 }, 'alice'));
    assert.deepEqual(jobs.map((j) => j.target.id), ['alice']);
    assert.deepEqual(held, []);
  });

  test('a hold that throws is counted and every match is sent', async () => {
    const { pipeline, jobs, metrics, item } = setup(() => {
      throw new Error('buffer broke');
    });
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id).sort(), ['alice', 'bob']);
    assert.equal(await metricValue(metrics, 'lookout_plugin_errors_total', { plugin: 'sighting', hook: 'hold' }), 1);
  });
});
