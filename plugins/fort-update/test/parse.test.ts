/**
 * fort_update webhooks → FortEvent: the nested old/new forts, position and type from `new` else `old`, our
 * test data and every fort_update sample of the reference set; malformed payloads rejected with the field.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { TestWebhook } from '../../../core/contract.ts';
import { buildFort, fortHook, fortSide, hookContext, parsed } from './support.ts';

const plugin = await buildFort();
const reason = (hook: unknown): string => {
  const o = plugin.parse(hook, hookContext());
  return o.ok ? 'ok' : o.reason;
};

test('an edit reads both sides', () => {
  const event = parsed(plugin, fortHook());
  assert.equal(event.changeType, 'edit');
  assert.deepEqual(event.editTypes, ['name']);
  assert.equal(event.old?.name, 'Bench');
  assert.equal(event.new?.name, 'Painted Bench');
  assert.deepEqual([event.fortId, event.fortType, event.latitude, event.longitude], ['fort-1.16', 'pokestop', 48.1365, 11.572]);
});

test('a removal takes id, type and position from old; nulls read as null', () => {
  const event = parsed(plugin, { change_type: 'removal', old: fortSide({ type: 'gym', description: null, location: { lat: 1.5, lon: 2.5 } }) });
  assert.equal(event.new, null);
  assert.deepEqual([event.fortType, event.latitude, event.longitude, event.old?.description], ['gym', 1.5, 2.5, null]);
  assert.deepEqual(event.editTypes, []);
});

test('malformed payloads are rejected with the field', () => {
  assert.equal(reason(7), 'fort_update message must be an object');
  assert.match(reason(fortHook({ change_type: 'moved' })), /^change_type must be one of new, edit, removal/);
  assert.match(reason(fortHook({ edit_types: 'name' })), /^edit_types must be an array/);
  assert.match(reason(fortHook({ new: fortSide({ type: 'tower' }) })), /^new\.type must be one of/);
  assert.match(reason(fortHook({ new: fortSide({ location: null }) })), /^new\.location must be an object/);
  assert.match(reason(fortHook({ old: fortSide({ location: { lat: 99, lon: 0 } }) })), /^old\.location\.lat must be/);
  assert.match(reason(fortHook({ old: null, new: null })), /must carry old or new/);
});

test('our test data parses', () => {
  const samples = JSON.parse(readFileSync(new URL('../testdata.json', import.meta.url), 'utf8')) as TestWebhook[];
  assert.ok(samples.length >= 3);
  for (const sample of samples) assert.equal(reason(sample.webhook), 'ok', sample.test);
});

const SAMPLE_FILES = ['testdata-js.json', 'testdata-ng.json'].map((name) => new URL(`../../../../shared/reference/samples/${name}`, import.meta.url));

test('every fort_update sample of the reference set parses', (t) => {
  const present = SAMPLE_FILES.filter((url) => existsSync(url));
  if (present.length === 0) return t.skip('reference samples not present');
  let count = 0;
  for (const url of present) {
    for (const sample of JSON.parse(readFileSync(url, 'utf8')) as TestWebhook[]) {
      if (sample.type !== 'fort_update') continue;
      assert.equal(reason(sample.webhook), 'ok', sample.test);
      count++;
    }
  }
  assert.ok(count > 0);
});
