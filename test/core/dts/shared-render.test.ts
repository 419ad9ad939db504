/**
 * Shared renders give exactly what a render per recipient gives: the analysis of which variables a template only
 * prints, and, for every entry of the bundled templates (and of the previous generations' files when ../shared
 * is there), one shared render filled with each recipient's distance and bearing against a render with them.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { RenderedMessage } from '../../../core/model.ts';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { printableOnly } from '../../../core/dts/output-variables.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { SharedRenders } from '../../../core/pipeline/shared-renders.ts';
import { FlatView, layer } from '../../../core/pipeline/view.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

const NAMES = ['distance', 'bearing', 'bearingEmoji'];
const check = (texts: string[], partials: Record<string, string> = {}, helpers: string[] = []) =>
  [...printableOnly({ texts, partial: (n) => partials[n] ?? null, isHelper: (n) => helpers.includes(n) }, NAMES)].sort();

describe('which variables a template only prints', () => {
  it('plain output and if/unless conditions keep a variable printable', () => {
    assert.deepEqual(check(['{{#if distance}}📏 {{distance}} m {{{bearingEmoji}}}{{/if}}{{#unless bearing}}-{{else}}{{bearing}}°{{/unless}}']), ['bearing', 'bearingEmoji', 'distance']);
    assert.deepEqual(check(['{{#each items}}{{distance}}{{/each}}', 'no variables at all']), ['bearing', 'bearingEmoji', 'distance']);
  });

  it('any other use spoils it', () => {
    assert.deepEqual(check(['{{round distance}}']), ['bearing', 'bearingEmoji']);
    assert.deepEqual(check(['{{#compare distance "<" 500}}near{{/compare}}']), ['bearing', 'bearingEmoji']);
    assert.deepEqual(check(['{{x (add bearing 1)}}', '{{y a=bearingEmoji}}']), ['distance']);
    assert.deepEqual(check(['{{this.distance}} {{../bearing}} {{@root.bearingEmoji}}']), []);
    assert.deepEqual(check(['{{lookup this "distance"}}']), ['bearing', 'bearingEmoji']);
    assert.deepEqual(check(['{{#if distance "extra"}}x{{/if}}']), ['bearing', 'bearingEmoji']);
    assert.deepEqual(check(['{{distance}}'], {}, ['distance']), ['bearing', 'bearingEmoji'], 'a helper of that name');
  });

  it('follows partials by name; a dynamic or unknown partial, a decorator or a broken text spoils everything', () => {
    assert.deepEqual(check(['{{> where}}'], { where: '{{> inner}}', inner: '{{round distance}}' }), ['bearing', 'bearingEmoji']);
    assert.deepEqual(check(['{{> where}}'], { where: '{{distance}} {{> where}}' }), ['bearing', 'bearingEmoji', 'distance'], 'a recursive partial');
    assert.deepEqual(check(['{{> (whichPartial) }}']), []);
    assert.deepEqual(check(['{{> missing}}']), []);
    assert.deepEqual(check(['{{* deco}}']), []);
    assert.deepEqual(check(['{{#if }}']), []);
  });
});

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = join(repoRoot, '..', 'shared', 'reference', 'dts-corpus');

/** Recipients: near with a bearing, unknown (no location), at distance 0 heading north, far. */
const RECIPIENTS: readonly View[] = [
  { distance: 1234, bearing: 87, bearingEmoji: '➡️', prefix: '!' },
  { distance: '', bearing: '', bearingEmoji: '', prefix: '!' },
  { distance: 0, bearing: 0, bearingEmoji: '⬆️', prefix: '!' },
  { distance: 98_765, bearing: 301, bearingEmoji: '↖️', prefix: '!' },
];

const BASE: View = Object.create({
  pokemonId: 25, name: 'Pikachu', fullName: 'Pikachu', iv: 100, atk: 15, def: 15, sta: 15, cp: 500, level: 20, areas: 'Old Town',
  addr: 'Main Street 1', time: '12:34:56', tthm: 12, tths: 30, staticMap: 'https://tiles.test/map.png', imgUrl: 'https://img.test/1.png',
  googleMapUrl: 'https://maps.test/g', appleMapUrl: 'https://maps.test/a', wazeMapUrl: 'https://maps.test/w', gymName: 'Fountain', lureTypeName: 'Glacial',
}) as View;

function outcome(run: () => RenderedMessage | null): RenderedMessage | null | string {
  try {
    return run();
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

async function compareAll(rootDir: string): Promise<{ shared: number; alone: number }> {
  const engine = await DtsEngine.load({ rootDir, log: silentLogger(), ...SHIPPED });
  let shared = 0;
  let alone = 0;
  for (const entry of engine.entries()) {
    for (const platform of entry.platform === '' ? ['discord', 'telegram'] : [entry.platform]) {
      const renders = new SharedRenders(engine);
      const request = { alertType: entry.type, platform, language: entry.language || 'en', templateId: entry.id, meta: { eventId: 'e', webhookType: 'x', receivedAt: 0 } };
      const view = FlatView.of(BASE);
      for (const common of RECIPIENTS) {
        const once = outcome(() => renders.render({ request, view, common, extra: undefined }));
        if (once === null) {
          alone++;
          continue;
        }
        shared++;
        const each = outcome(() => engine.render({ ...request, view: layer(BASE, common) }));
        assert.deepEqual(once, each, `${entry.type}/${entry.id}/${platform}/${entry.language} with ${JSON.stringify(common)}`);
      }
    }
  }
  return { shared, alone };
}

test('bundled templates: a shared render filled in equals a render per recipient', async () => {
  const { shared } = await compareAll(repoRoot);
  assert.ok(shared > 100, `${shared} shared renders compared`);
});

test('previous generations\' templates: the same', { skip: existsSync(corpus) ? false : `no corpus at ${corpus}` }, async () => {
  const { dtsTree } = await import('../../fixtures/dts/tree.ts');
  const { copyFileSync } = await import('node:fs');
  const pairs: readonly (readonly [string, string])[] = [['js-default-dts.json', 'js-partials.json'], ['ng-fallback-dts.json', 'ng-partials.json']];
  for (const [dts, partials] of pairs) {
    const tree = dtsTree();
    try {
      for (const [target, source] of [['fallbacks/dts.json', dts], ['fallbacks/partials.json', partials]] as const) {
        tree.write(target, '');
        copyFileSync(join(corpus, source), join(tree.root, target));
      }
      const { shared } = await compareAll(tree.root);
      assert.ok(shared > 10, `${dts}: ${shared} shared renders compared`);
    } finally {
      tree.remove();
    }
  }
});

test('JSON escapes: partials with \\n and \\", escapes next to a shared value, literal backslashes — the same', async () => {
  const { dtsTree } = await import('../../fixtures/dts/tree.ts');
  const tree = dtsTree({
    'fallbacks/dts.json': [
      { id: 'esc', type: 'monster', platform: 'discord', language: 'en', template: { content: '{{> line}}{{distance}}', embed: { description: 'a\\b {{> quoted}} \\{{name}} c:\\{{distance}}', title: '{{> near}}{{distance}}m' } } },
      { id: 'esc2', type: 'monster', platform: 'telegram', language: 'en', template: { content: ['{{name}}', '{{> line}}', '{{bearingEmoji}}\\n'] } },
    ],
    'fallbacks/partials.json': { line: 'first\\nsecond\\n', quoted: '\\"{{name}}\\" \\u00e9', near: 'x\\u00' },
  });
  try {
    const { shared } = await compareAll(tree.root);
    assert.ok(shared >= 8, `${shared} shared renders compared`);
  } finally {
    tree.remove();
  }
});
