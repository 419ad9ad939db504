import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { backupFile, backupPath, backupStamp, stampOf } from '../../../core/backups/index.ts';

const AT = new Date(Date.UTC(2026, 10, 24, 13, 5, 1));

function root(t: { after: (fn: () => void) => void }, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-backups-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('backup names', () => {
  test('the stamp is YYYY-MM-DD_HHMMSS in UTC and reads back', () => {
    assert.equal(backupStamp(AT), '2026-11-24_130501');
    assert.equal(backupPath('config/dts/monster-1-discord-en.toml', AT), 'config/backups/config/dts/monster-1-discord-en.toml.bak.2026-11-24_130501');
    assert.equal(backupPath('config/dts.json', AT, 3), 'config/backups/config/dts.json.bak.2026-11-24_130501-3');
    assert.equal(stampOf('x.toml.bak.2026-11-24_130501'), AT.getTime());
    assert.equal(stampOf('x.toml.bak.2026-11-24_130501-2'), AT.getTime());
  });

  test('names without a (real) stamp read as null', () => {
    assert.equal(stampOf('notes.txt'), null);
    assert.equal(stampOf('x.bak.2026-02-31_000000'), null);
    assert.equal(stampOf('x.bak.2026-11-24_130501.old'), null);
  });

  test('paths outside the root or inside the backup folder are refused', () => {
    assert.throws(() => backupPath('../etc/passwd', AT));
    assert.throws(() => backupPath('/etc/passwd', AT));
    assert.throws(() => backupPath('config/backups/x.bak.2026-11-24_130501', AT));
  });
});

describe('backupFile', () => {
  test('copies the previous file under config/backups/, keeping its folders', async (t) => {
    const dir = root(t, { 'config/dts/monster-1-discord-en.toml': 'old text' });
    const backup = await backupFile(dir, 'config/dts/monster-1-discord-en.toml', AT);
    assert.equal(backup, 'config/backups/config/dts/monster-1-discord-en.toml.bak.2026-11-24_130501');
    assert.equal(readFileSync(join(dir, backup), 'utf8'), 'old text');
  });

  test('two backups in the same second: the earlier one is kept, the later one gets a suffix', async (t) => {
    const dir = root(t, { 'config/dts.json': 'first' });
    const first = await backupFile(dir, 'config/dts.json', AT);
    writeFileSync(join(dir, 'config/dts.json'), 'second');
    const second = await backupFile(dir, 'config/dts.json', AT);
    assert.equal(first, 'config/backups/config/dts.json.bak.2026-11-24_130501');
    assert.equal(second, 'config/backups/config/dts.json.bak.2026-11-24_130501-2');
    assert.equal(readFileSync(join(dir, first), 'utf8'), 'first');
    assert.equal(readFileSync(join(dir, second!), 'utf8'), 'second');
  });

  test('nothing is copied (and no folder made) when the file does not exist yet', async (t) => {
    const dir = root(t);
    assert.equal(await backupFile(dir, 'config/dts/new.toml', AT), null);
    assert.equal(existsSync(join(dir, 'config/backups')), false);
  });
});
