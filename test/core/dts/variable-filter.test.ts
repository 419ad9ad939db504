/**
 * The variable filter: the names the loaded templates read (their partials and link buttons included), or none
 * when a template may read any; and, for every entry of the bundled templates, a render over the filtered view
 * equals a render over the whole view.
 */
import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { FlatView } from '../../../core/pipeline/view.ts';
import { dtsTree } from '../../fixtures/dts/tree.ts';
import { SHIPPED, SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

test('the names read, partials and buttons included; a dynamic lookup reads everything', async (t) => {
  const tree = dtsTree({
    'config/dts.json': [
      { id: 'a', type: 'monster', platform: 'discord', language: 'en', template: { content: '{{name}} {{> stats}}' }, buttons: [{ label: '{{buttonLabel}}', url: 'https://map.test/{{encounterId}}' }] },
      { id: 'b', type: 'raid', platform: 'discord', language: 'en', template: { content: '{{#each pvpGreat}}{{rank}}{{/each}}' } },
    ],
    'config/partials.json': { stats: '{{iv}}%' },
  });
  t.after(() => tree.remove());
  const engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), platforms: SHIPPED_PLATFORMS });
  const keep = engine.variableFilter();
  assert.ok(keep);
  for (const name of ['name', 'iv', 'buttonLabel', 'encounterId', 'pvpGreat']) assert.equal(keep(name), true, name);
  for (const name of ['rank', 'formname', 'weaknessEmoji']) assert.equal(keep(name), false, name);

  const dynamic = dtsTree({ 'config/dts.json': [{ id: 'c', type: 'monster', platform: 'discord', language: 'en', template: { content: '{{lookup this "name"}}' } }] });
  t.after(() => dynamic.remove());
  assert.equal((await DtsEngine.load({ rootDir: dynamic.root, log: silentLogger(), platforms: SHIPPED_PLATFORMS })).variableFilter(), null);
});

test('bundled templates: a render over the filtered view equals one over the whole view', async () => {
  const engine = await DtsEngine.load({ rootDir: repoRoot, log: silentLogger(), ...SHIPPED });
  const keep = engine.variableFilter();
  assert.ok(keep, 'the bundled templates read named variables only');
  const view: View = {
    name: 'Pikachu', fullName: 'Pikachu', formName: '', iv: 100, atk: 15, def: 15, sta: 15, cp: 500, level: 20, areas: 'Old Town', addr: 'Main Street 1',
    time: '12:34:56', tthm: 12, tths: 30, staticMap: 'https://tiles.test/map.png', imgUrl: 'https://img.test/1.png', googleMapUrl: 'https://maps.test/g',
    appleMapUrl: 'https://maps.test/a', wazeMapUrl: 'https://maps.test/w', gymName: 'Fountain', lureTypeName: 'Glacial', pvpAvailable: true,
    pvpGreat: [{ rank: 1, fullName: 'Raichu', cp: 1500, level: 40, percentage: 100 }], gruntName: 'Grunt', questString: 'Catch 5', rewardString: 'Pikachu',
    unusedA: 'x', unusedB: { deep: true }, formname: 'old name',
  };
  let compared = 0;
  for (const entry of engine.entries()) {
    for (const platform of entry.platform === '' ? ['discord', 'telegram'] : [entry.platform]) {
      const target = { language: entry.language || 'en', platform };
      const whole = engine.renderEntry(entry, FlatView.of(view).view, target);
      const filtered = engine.renderEntry(entry, FlatView.of(view, undefined, keep).view, target);
      assert.deepEqual(filtered, whole, `${entry.type}/${entry.id}/${platform}`);
      compared++;
    }
  }
  assert.ok(compared > 20, `${compared} renders compared`);
});
