/**
 * Which jobs carry the event's editKey (edits in place, reply chains): nobody without the sent-message memory (the
 * plugin is not asked), only recipients whose rule has the `edit` bit by default, everyone with reply chains (the
 * plugin asked once per event); a recipient with an earlier message and no `edit` bit renders the editKey's
 * followUpAlertType; a throwing editKey is counted and the alert still goes out without one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EditKey } from '../../../core/contract.ts';
import type { EditKeysFor } from '../../../core/pipeline/deliver-all.ts';
import { sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { sightingRule } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { sightingPipeline } from './sighting-pipeline.ts';

const rules = [sightingRule('alice', 25), sightingRule('bob', 25, { clean: 2 })];

function setup(editKeysFor: EditKeysFor | undefined, options: { key?: (id: string) => EditKey; earlier?: readonly string[] } = {}) {
  let asked = 0;
  const plugin = {
    ...sightingPlugin(),
    editKey(event: { id: string }): EditKey {
      asked++;
      return options.key ? options.key(event.id) : { key: `sighting:${event.id}`, until: 9_999_999_999_999, followUpAlertType: 'sightingUpdate' };
    },
  };
  const earlier = new Set(options.earlier ?? []);
  const { pipeline, jobs, metrics } = sightingPipeline({
    plugin,
    rules,
    log: captureLog().log,
    options: { ...(editKeysFor ? { editKeysFor } : {}), hasEarlier: (_key, target) => earlier.has(target.id) },
  });
  const process = (id: string) => pipeline.process({ type: 'sighting', message: { id, species: 25 }, meta: { eventId: id, webhookType: 'sighting', receivedAt: Date.now() } });
  const byTarget = () => Object.fromEntries(jobs.map((j) => [j.target.id, j]));
  return { process, byTarget, asked: () => asked, metrics };
}

describe('edit keys in the pipeline', () => {
  test('nobody (no memory): the plugin is not asked and no job carries a key', async () => {
    for (const mode of [undefined, 'nobody'] as const) {
      const s = setup(mode);
      await s.process('s1');
      assert.equal(s.asked(), 0);
      assert.deepEqual(Object.values(s.byTarget()).map((j) => j.editKey ?? null), [null, null]);
    }
  });

  test('edit rules: only the edit rule carries the key; asked once per event', async () => {
    const s = setup('edit-rules');
    await s.process('s1');
    assert.equal(s.asked(), 1);
    const jobs = s.byTarget();
    assert.equal(jobs.alice!.editKey, undefined);
    assert.equal(jobs.bob!.editKey?.key, 'sighting:s1');
  });

  test('everyone (reply chains): every job carries it, once asked; a recipient with an earlier message and no edit bit renders the follow-up type', async () => {
    const s = setup('everyone', { earlier: ['alice', 'bob'] });
    await s.process('s1');
    assert.equal(s.asked(), 1);
    const jobs = s.byTarget();
    assert.equal(jobs.alice!.editKey?.key, 'sighting:s1');
    assert.equal(jobs.alice!.alertType, 'sightingUpdate', 'a reply: the follow-up template');
    assert.equal(jobs.bob!.alertType, 'sighting', 'an edit shows the whole alert');
    const fresh = setup('everyone');
    await fresh.process('s2');
    assert.equal(fresh.byTarget().alice!.alertType, 'sighting', 'nothing earlier: the whole alert');
  });

  test('a throwing editKey is counted; the alerts still go out, without a key', async () => {
    const s = setup('everyone', {
      key: () => {
        throw new Error('boom');
      },
    });
    await s.process('s1');
    assert.deepEqual(Object.values(s.byTarget()).map((j) => j.editKey ?? null), [null, null]);
    assert.equal(await metricValue(s.metrics, 'lookout_plugin_errors_total', { plugin: 'sighting', hook: 'editKey' }), 1);
  });
});
