import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTomlDts } from '../../../../core/dts/formats/toml.ts';
import { planSave, type ConfigFileText } from '../../../../core/dts/save/plan.ts';
import { validateSave, type SaveItem } from '../../../../core/dts/save/validate.ts';
import { SHIPPED_PLATFORMS } from '../../../fixtures/dts/platforms.ts';
import type { TemplateFileReader } from '../../../../core/dts/template-file-read.ts';
import { isLookoutError } from '../../../../core/errors.ts';

const noFiles: TemplateFileReader = async () => ({ ok: false, message: 'no template files in this test' });
const entry = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'monster', id: 1, platform: 'discord', language: 'en', template: { content: 'x' }, ...fields });
const json = (file: string, items: unknown[]): ConfigFileText => ({ file, format: 'json', text: JSON.stringify(items) });
const toml = (file: string, text: string): ConfigFileText => ({ file, format: 'toml', text });
const planFor = (items: readonly SaveItem[], files: readonly ConfigFileText[]) => planSave(items, files, SHIPPED_PLATFORMS);

describe('planSave', () => {
  test('removes the saved key from other files, keeping their other entries in their format', async () => {
    const items = await validateSave([entry()], noFiles, SHIPPED_PLATFORMS);
    const plan = planFor(items, [
      json('config/dts.json', [entry({ id: 2 }), entry({ id: '1', platform: 'chat_a' }), entry({ id: 3 })]),
      toml('config/dts/mixed.toml', '[[entry]]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "old"\n\n[[entry]]\nid = "9"\ntype = "monster"\nplatform = "discord"\ntemplate = "keep"\n'),
      json('config/dts/other.json', [entry({ id: 4 })]),
    ]);
    assert.deepEqual(plan.writes.map((w) => w.file), ['config/dts/monster-1-discord-en.toml']);
    assert.deepEqual(plan.rewrites.map((w) => w.file), ['config/dts.json', 'config/dts/mixed.toml']);
    assert.deepEqual(plan.deletes, []);
    const dtsJson = plan.rewrites[0]!.text;
    assert.equal(dtsJson, `${JSON.stringify([entry({ id: 2 }), entry({ id: 3 })], null, 2)}\n`);
    const mixed = parseTomlDts(plan.rewrites[1]!.text);
    assert.deepEqual(mixed.ok && mixed.items, [{ id: '9', type: 'monster', platform: 'discord', template: 'keep' }]);
  });

  test('a file left empty is deleted, except config/dts.json which stays as []', async () => {
    const items = await validateSave([entry(), entry({ id: 2 })], noFiles, SHIPPED_PLATFORMS);
    const plan = planFor(items, [json('config/dts.json', [entry()]), json('config/dts/monster-1-discord-en.json', [entry({ id: 2 })])]);
    assert.deepEqual(plan.rewrites, [{ file: 'config/dts.json', text: '[]\n' }]);
    assert.deepEqual(plan.deletes, ['config/dts/monster-1-discord-en.json']);
  });

  test('an unparseable other file is reported and left alone', async () => {
    const plan = planFor(await validateSave([entry()], noFiles, SHIPPED_PLATFORMS), [json('config/dts.json', [entry({ id: 5 })]), { file: 'config/dts/broken.json', format: 'json', text: '[{' }]);
    assert.deepEqual(plan.rewrites, []);
    assert.equal(plan.unreadable[0]?.file, 'config/dts/broken.json');
  });

  test("the template's own file may only hold templates being saved", async () => {
    const items = await validateSave([entry()], noFiles, SHIPPED_PLATFORMS);
    const own = 'config/dts/monster-1-discord-en.toml';
    assert.equal(planFor(items, [toml(own, '[[entry]]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "old"\n')]).writes.length, 1);
    for (const text of ['[[entry]]\nid = "2"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "other"\n', 'not toml = = =']) {
      assert.throws(() => planFor(items, [toml(own, text)]), (err) => isLookoutError(err) && err.code === 'CONFLICT');
    }
  });
});
