import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readTemplateFile } from '../../../core/dts/template-file-read.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';

/** Bytes no message may ever show: they stand for the API secret, DB password and bot tokens of config.toml. */
const SECRET = 'api_secret = "TOP-SECRET-42"';
const BINARY = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), Buffer.from(SECRET)]);

function tree(t: { after: (fn: () => unknown) => void }, files: Record<string, unknown> = {}): DtsTree {
  const made = dtsTree({ 'config/config.toml': SECRET, 'config/dts/raid.txt': 'raid {{name}}', ...files });
  t.after(() => made.remove());
  return made;
}

async function refusal(root: string, name: string): Promise<string> {
  const read = await readTemplateFile(root, name);
  assert.equal(read.ok, false, `${name} was read`);
  const { message } = read as { message: string };
  assert.doesNotMatch(message, /TOP-SECRET|PNG/, `${name}: ${message}`);
  return message;
}

describe('readTemplateFile', () => {
  test('a name relative to config/dts/, or to config/ when it starts with dts/, reads the file in the template folder', async (t) => {
    const { root } = tree(t, { 'config/dts/bodies/monster.hbs': '{"content": "{{name}}"}' });
    assert.deepEqual(await readTemplateFile(root, 'raid.txt'), { ok: true, text: 'raid {{name}}' });
    assert.deepEqual(await readTemplateFile(root, 'dts/raid.txt'), { ok: true, text: 'raid {{name}}' });
    assert.deepEqual(await readTemplateFile(root, './bodies/monster.hbs'), { ok: true, text: '{"content": "{{name}}"}' });
    assert.deepEqual(await readTemplateFile(root, 'dts\\bodies\\monster.hbs'), { ok: true, text: '{"content": "{{name}}"}' });
  });

  test('config.toml next to the folder is not a template file', async (t) => {
    const { root } = tree(t);
    assert.match(await refusal(root, 'config.toml'), /^templateFile "config\.toml" not found in the template folder config\/dts\//);
  });

  test('absolute paths, ".." segments and NUL bytes are refused by name', async (t) => {
    const { root } = tree(t);
    for (const name of ['/etc/passwd', join(root, 'config/config.toml'), 'C:\\config.toml', '\\\\server\\share\\config.toml']) {
      assert.match(await refusal(root, name), /refused: it is an absolute path; template files are read only from the template folder config\/dts\//);
    }
    for (const name of ['../config.toml', 'dts/../../x', 'dts/../config.toml', '..\\config.toml']) {
      assert.match(await refusal(root, name), /refused: it has a "\.\." segment/);
    }
    assert.match(await refusal(root, 'raid.txt\u0000.hbs'), /^templateFile "raid\.txt\\u0000\.hbs" refused: it holds a NUL byte/);
  });

  test('a symbolic link inside the folder that leads outside is refused; one that stays inside is followed', async (t) => {
    const made = tree(t);
    symlinkSync('../config.toml', join(made.root, 'config/dts/leak.txt'));
    symlinkSync('..', join(made.root, 'config/dts/up'));
    symlinkSync('raid.txt', join(made.root, 'config/dts/alias.txt'));
    assert.match(await refusal(made.root, 'leak.txt'), /^templateFile "leak\.txt" refused: it leads outside the folder \(a symbolic link\)/);
    assert.match(await refusal(made.root, 'up/config.toml'), /refused: it leads outside the folder/);
    assert.deepEqual(await readTemplateFile(made.root, 'alias.txt'), { ok: true, text: 'raid {{name}}' });
  });

  test('a template folder that is itself a symbolic link serves its own files', async (t) => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'lookout-dts-elsewhere-'));
    t.after(() => rmSync(elsewhere, { recursive: true, force: true }));
    writeFileSync(join(elsewhere, 'quest.txt'), 'quest {{name}}');
    const made = dtsTree({ 'config/config.toml': SECRET });
    t.after(() => made.remove());
    symlinkSync(elsewhere, join(made.root, 'config/dts'));
    assert.deepEqual(await readTemplateFile(made.root, 'dts/quest.txt'), { ok: true, text: 'quest {{name}}' });
  });

  test('binary files, folders and FIFOs are refused without a byte of them', async (t) => {
    const made = tree(t);
    writeFileSync(join(made.root, 'config/dts/image.png'), BINARY);
    writeFileSync(join(made.root, 'config/dts/latin1.txt'), Buffer.from([0x72, 0x61, 0x69, 0x64, 0xe9, 0x20]));
    mkdirSync(join(made.root, 'config/dts/folder'));
    assert.match(await refusal(made.root, 'image.png'), /^templateFile "image\.png" refused: it is not a UTF-8 text file/);
    assert.match(await refusal(made.root, 'latin1.txt'), /refused: it is not a UTF-8 text file/);
    assert.match(await refusal(made.root, 'folder'), /refused: it is not a regular file/);
    execFileSync('mkfifo', [join(made.root, 'config/dts/pipe.txt')]);
    assert.match(await refusal(made.root, 'pipe.txt'), /refused: it is not a regular file/);
  });

  test('without a template folder every name is not found', async (t) => {
    const made = dtsTree({ 'config/raid.txt': 'raid' });
    t.after(() => made.remove());
    assert.match(await refusal(made.root, 'raid.txt'), /not found in the template folder config\/dts\//);
  });
});
