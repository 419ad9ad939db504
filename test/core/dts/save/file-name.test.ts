import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { templateFileName, type TemplateKey } from '../../../../core/dts/save/file-name.ts';

const key = (fields: Partial<TemplateKey> = {}): TemplateKey => ({ type: 'monster', id: '1', platform: 'discord', language: 'en', ...fields });

describe('templateFileName', () => {
  test('type-id-platform-language.toml in config/dts/, lower-cased, "any" for every platform / language', () => {
    assert.deepEqual(templateFileName(key()), { ok: true, file: 'config/dts/monster-1-discord-en.toml' });
    assert.deepEqual(templateFileName(key({ id: 'Big', language: 'pt-BR' })), { ok: true, file: 'config/dts/monster-big-discord-pt-br.toml' });
    assert.deepEqual(templateFileName(key({ type: 'help', id: 'index', platform: '', language: '' })), { ok: true, file: 'config/dts/help-index-any-any.toml' });
    assert.deepEqual(templateFileName(key({ type: 'fort-update', id: 'Größe 2' })), { ok: true, file: 'config/dts/fort-update-größe_2-discord-en.toml' });
  });

  test('harmless odd characters become _', () => {
    assert.deepEqual(templateFileName(key({ id: 'a:b*c?"<>|' })), { ok: true, file: 'config/dts/monster-a_b_c_____-discord-en.toml' });
  });

  test('what could leave the folder or hide the file is refused, naming the field', () => {
    for (const [field, value] of [
      ['id', '../../etc/passwd'],
      ['id', '..'],
      ['id', 'a/b'],
      ['id', 'a\\b'],
      ['type', '.hidden'],
      ['type', 'mon\u0000ster'],
      ['language', 'e\nn'],
    ] as const) {
      const result = templateFileName(key({ [field]: value }));
      assert.equal(result.ok, false, `${field}=${JSON.stringify(value)}`);
      if (!result.ok) assert.equal(result.field, field);
    }
  });

  test('the language "any" is reserved; over-long names are refused', () => {
    assert.equal(templateFileName(key({ language: 'ANY' })).ok, false);
    assert.equal(templateFileName(key({ id: 'x'.repeat(300) })).ok, false);
  });
});
