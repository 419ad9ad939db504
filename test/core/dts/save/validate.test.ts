import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateSave } from '../../../../core/dts/save/validate.ts';
import type { TemplateFileReader } from '../../../../core/dts/template-file-read.ts';
import { isLookoutError } from '../../../../core/errors.ts';
import { SHIPPED_PLATFORMS } from '../../../fixtures/dts/platforms.ts';

const noFiles: TemplateFileReader = async (name) => ({ ok: false, message: `templateFile "${name}" not found` });
const entry = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'monster', id: 1, platform: 'discord', language: 'en', template: { content: '{{name}}' }, ...fields });

async function refusal(body: unknown, read: TemplateFileReader = noFiles): Promise<string> {
  try {
    await validateSave(body, read, SHIPPED_PLATFORMS);
  } catch (err) {
    assert.ok(isLookoutError(err) && err.code === 'BAD_REQUEST', String(err));
    return err.message;
  }
  return assert.fail('accepted');
}

describe('validateSave', () => {
  test('one object or an array; each item gets its file and TOML text', async () => {
    const [one] = await validateSave(entry(), noFiles, SHIPPED_PLATFORMS);
    assert.equal(one?.file, 'config/dts/monster-1-discord-en.toml');
    assert.deepEqual(one?.template, { type: 'monster', id: '1', platform: 'discord', language: 'en' });
    assert.match(one?.text ?? '', /^\[\[entry\]\]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ndefault = false\ntemplate = """\n\{\n {2}"content": "\{\{name\}\}"\n\}\n"""\n$/);
    const two = await validateSave([entry(), entry({ id: 2, platform: 'chat_b', language: '%' })], noFiles, SHIPPED_PLATFORMS);
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

  test('a templateFile name that could leave the template folder is refused before any file is read', async () => {
    const asked: string[] = [];
    const recording: TemplateFileReader = async (name) => {
      asked.push(name);
      return { ok: true, text: 'read' };
    };
    const refusals: [string, RegExp][] = [
      ['/etc/passwd', /an absolute path/],
      ['C:\\Windows\\win.ini', /an absolute path/],
      ['c:win.ini', /an absolute path/],
      ['\\\\server\\share\\x.txt', /an absolute path/],
      ['../config.toml', /a "\.\." segment/],
      ['dts/../../x', /a "\.\." segment/],
      ['dts\\..\\x', /a "\.\." segment/],
      ['x\u0000.txt', /a NUL byte/],
      ['', /names no file/],
    ];
    for (const [name, reason] of refusals) {
      const message = await refusal([entry({ template: undefined, templateFile: name })], recording);
      assert.match(message, /^entry 0: templateFile ".*" refused: /, name);
      assert.match(message, reason, name);
      assert.match(message, /template folder config\/dts\//, name);
    }
    assert.deepEqual(asked, []);
  });

  test("the reader's refusal is the answer; a broken templateFile body is reported without its text", async () => {
    assert.match(await refusal([entry({ template: undefined, templateFile: 'missing.hbs' })]), /^entry 0: templateFile "missing\.hbs" not found/);
    const read: TemplateFileReader = async (name) => (name === 'body.hbs' ? { ok: true, text: 'SECRET-TEXT {{#if x}}' } : { ok: false, message: 'none' });
    const message = await refusal([entry({ template: undefined, templateFile: 'body.hbs' })], read);
    assert.match(message, /templateFile "body\.hbs": broken Handlebars \(parse error on line 1: Expecting /);
    assert.doesNotMatch(message, /SECRET/);
  });
});
