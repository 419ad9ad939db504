/**
 * `@include <file>` in template bodies, as the previous generations expand it: the rest of the line names a file
 * of config/dts/ whose text replaces the directive, in object bodies, text bodies and templateFile bodies alike;
 * includes nest (a loop stops at the depth limit); a file that cannot be read is left out and reported.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expandText, MAX_DEPTH } from '../../../core/dts/includes.ts';
import { loadDts } from '../../../core/dts/load.ts';
import type { TemplateFileRead } from '../../../core/dts/template-file-read.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';
import { dtsTree, entry } from '../../fixtures/dts/tree.ts';

function reader(files: Readonly<Record<string, string>>) {
  return async (name: string): Promise<TemplateFileRead> => (name in files ? { ok: true, text: files[name]! } : { ok: false, message: `template file "${name}" does not exist` });
}

describe('@include', () => {
  test('replaces the directive (the rest of its line) by the file; nested includes; text without directives unchanged', async () => {
    const read = reader({ 'head.txt': '**{{name}}** @include tail.txt', 'tail.txt': '({{iv}}%)' });
    assert.deepEqual(await expandText('Wild: @include head.txt\nCP {{cp}}', read), { value: 'Wild: **{{name}}** ({{iv}}%)\nCP {{cp}}', problems: [] });
    assert.deepEqual(await expandText('no directive here', read), { value: 'no directive here', problems: [] });
  });

  test('a file that cannot be read is left out and reported; a loop stops at the depth limit', async () => {
    const missing = await expandText('A @include nope.txt\nB', reader({}));
    assert.equal(missing.value, 'A \nB');
    assert.deepEqual(missing.problems, ['@include nope.txt: template file "nope.txt" does not exist; left out']);
    const loop = await expandText('@include self.txt', reader({ 'self.txt': 'x@include self.txt' }));
    assert.equal(loop.value, 'x'.repeat(MAX_DEPTH));
    assert.match(loop.problems[0]!, /nested more than 8 deep/);
  });

  test('loading: object, text and templateFile bodies are expanded from config/dts/; a missing include is an advisory', async (t) => {
    const tree = dtsTree({
      'config/dts/header.txt': '**{{name}}**',
      'config/dts/fields.txt': '"content": "**{{name}}**"',
      'config/dts/body.txt': '{\n@include fields.txt\n}',
      'config/dts.json': [
        entry({ id: 1, template: { content: '@include header.txt\nCP {{cp}}', embed: { description: ['a ', '@include header.txt'] } } }),
        entry({ id: 2, template: 'Text @include header.txt' }),
        entry({ id: 3, template: undefined, templateFile: 'body.txt' }),
        entry({ id: 4, template: { content: 'x @include gone.txt' } }),
      ],
    });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log: silentLogger(), platforms: SHIPPED_PLATFORMS });
    const body = (id: string) => set.entries.find((e) => e.id === id)?.body;
    assert.deepEqual(body('1'), { content: '**{{name}}**\nCP {{cp}}', embed: { description: ['a ', '**{{name}}**'] } });
    assert.equal(body('2'), 'Text **{{name}}**');
    assert.deepEqual(body('3'), { content: '**{{name}}**' }, 'a JSON fragment included into a JSON file');
    assert.deepEqual(body('4'), { content: 'x ' });
    assert.ok(set.advisories.some((a) => /@include gone\.txt: .*left out/.test(a)), set.advisories.join('\n'));
  });
});
