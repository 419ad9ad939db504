/**
 * The validation step in the pipeline: the recipients the validator denies get nothing, an event whose recipients
 * are all denied is not enriched, the validator is told the plugin and the webhook type (the plugin's
 * `validationType` when it has one), and a single-recipient item (`service-test`) is never put to it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MatchValidator, ValidationSubject } from '../../../core/validation/index.ts';
import { sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { sightingPipeline } from './sighting-pipeline.ts';

function setup(deny: ReadonlySet<string>, named?: string) {
  let enriched = 0;
  const base = sightingPlugin({ onEnrich: () => void enriched++ });
  const plugin = named ? { ...base, validationType: () => named } : base;
  const subjects: ValidationSubject[] = [];
  const validator: MatchValidator = {
    async filter(subject, matches) {
      subjects.push(subject);
      return matches.filter((m) => !deny.has(m.human.id));
    },
  };
  const { pipeline, jobs, item } = sightingPipeline({ plugin, options: { validator } });
  return { pipeline, jobs, subjects, item, enriched: () => enriched };
}

describe('validation step', () => {
  test('denied recipients get nothing; the validator sees the plugin, the webhook type and the message', async () => {
    const { pipeline, jobs, subjects, item } = setup(new Set(['bob']));
    const message = { id: 's1', species: 25 };
    await pipeline.process(item(message));
    assert.deepEqual(jobs.map((j) => j.target.id), ['alice']);
    assert.deepEqual(subjects, [{ plugin: 'sighting', webhookType: 'sighting', webhook: message, areas: [] }]);
  });

  test('an event whose recipients are all denied is not enriched', async () => {
    const { pipeline, jobs, item, enriched } = setup(new Set(['alice', 'bob']));
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs, []);
    assert.equal(enriched(), 0);
  });

  test("the plugin's validationType names the webhook type", async () => {
    const { pipeline, subjects, item } = setup(new Set(), 'pokemon');
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.equal(subjects[0]?.webhookType, 'pokemon');
  });

  test('a single-recipient item (service-test) is not validated', async () => {
    const { pipeline, jobs, subjects, item } = setup(new Set(['bob']));
    await pipeline.process(item({ id: 's1', species: 25 }, 'bob'));
    assert.deepEqual(jobs.map((j) => j.target.id), ['bob']);
    assert.deepEqual(subjects, []);
  });
});
