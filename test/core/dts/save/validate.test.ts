import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TemplateFileReader } from '../../../../core/dts/entry.ts';
import { validateSave } from '../../../../core/dts/save/validate.ts';
import { isLookoutError } from '../../../../core/errors.ts';

const noFiles = async (): Promise<string | null> => null;
const entry = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'monster', id: 1, platform: 'discord', language: 'en', template: { content: '{{name}}' }, ...fields });

async function refusal(body: unknown, read: TemplateFileReader = noFiles): Promise<string> {
  try {
    await validateSave(body, read);
  } catch (err) {
    assert.ok(isLookoutError(err) && err.code === 'BAD_REQUEST', String(err));
    return err.message;
  }
  return assert.fail('accepted');
}

describe('validateSave', () => {
  test('one object or an array; each item gets its file and TOML text', async () => {
    const [one] = await validateSave(entry(), noFiles);
    assert.equal(one?.file, 'config/dts/monster-1-discord-en.toml');
    assert.deepEqual(one?.template, { type: 'monster', id: '1', platform: 'discord', language: 'en' });
    assert.match(one?.text ?? '', /^\[\[entry\]\]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ndefault = false\ntemplate = """\n\{\n {2}"content": "\{\{name\}\}"\n\}\n"""\n$/);
    const two = await validateSave([entry(), entry({ id: 2, platform: 'chat_b', language: '%' })], noFiles);
    assert.deepEqual(two.map((i) => i.file), ['config/dts/monster-1-discord-en.toml', 'config/dts/monster-2-telegram-any.toml']);
  });

  test('bad bodies are refused naming the entry and the field', async () => {
    assert.match(await refusal([]), /no templates given/);
    assert.match(await refusal('text'), /must be a template entry/);
    assert.match(await refusal([entry(), entry({ type: undefined })]), /^entry 1: "type" is missing/);
    assert.match(await refusal([entry({ template: 42 })]), /^entry 0: "template" must be an object or a string/);
    assert.match(await refusal([entry({ platform: 'irc' })]), /^entry 0: unknown platform "irc"/);
    assert.match(await refusal([entry(), entry({ id: 3, template: { embed: { title: '{{#if x}}open' } } })]), /^monster\/3\/discord\/en \(request body entry 1\): broken Handlebars in embed\.title/);
    assert.match(await refusal([entry({ id: '../x' })]), /^entry 0: "id" may not contain/);
    assert.match(await refusal([entry({ description: 'bad \ud800 text' })]), /"description" holds text that is not valid Unicode/);
    assert.match(await refusal([entry({ extra: { list: [{ a: 1 }, 2] } })]), /cannot be written as TOML exactly/);
  });

  test('two entries with one key, or one file, are refused', async () => {
    assert.match(await refusal([entry(), entry({ id: '1', platform: 'chat_a' })]), /^entries 0 and 1 are the same template/);
    assert.match(await refusal([entry({ type: 'Monster' }), entry()]), /^entries 0 and 1 would both be saved to config\/dts\/monster-1-discord-en\.toml/);
  });

  test('a templateFile must stay inside config/ and exist there', async () => {
    assert.match(await refusal([entry({ template: undefined, templateFile: '/etc/passwd' })]), /"templateFile" must be a file name relative to config\//);
    assert.match(await refusal([entry({ template: undefined, templateFile: '../secret.txt' })]), /"templateFile" must be/);
    assert.match(await refusal([entry({ template: undefined, templateFile: 'missing.hbs' })]), /templateFile "missing\.hbs" not found/);
    const read = async (name: string): Promise<string | null> => (name === 'body.hbs' ? '{{#if x}}' : null);
    assert.match(await refusal([entry({ template: undefined, templateFile: 'body.hbs' })], read), /broken Handlebars/);
  });
});
