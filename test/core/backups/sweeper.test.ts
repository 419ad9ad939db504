import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { BackupSweeper, backupStamp } from '../../../core/backups/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { captureLog } from '../../helpers/log-capture.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));
const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * DAY);

function root(t: { after: (fn: () => void) => void }): { dir: string; put(file: string): string } {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-sweep-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    put(file) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), 'backup');
      return file;
    },
  };
}

describe('BackupSweeper', () => {
  test('removes backups older than 7 days by the time in their name, keeps younger ones', async (t) => {
    const { dir, put } = root(t);
    const old = put(`config/backups/config/dts/monster-1-discord-en.toml.bak.${backupStamp(daysAgo(8))}`);
    const oldSuffixed = put(`config/backups/config/dts.json.bak.${backupStamp(daysAgo(8))}-2`);
    const young = put(`config/backups/config/dts/monster-1-discord-en.toml.bak.${backupStamp(daysAgo(6))}`);
    const outside = put(`config/dts.json.bak.${backupStamp(daysAgo(30))}`);
    const sweeper = new BackupSweeper({ rootDir: dir, log: silentLogger(), now: () => NOW });
    const result = await sweeper.sweep();
    assert.deepEqual([...result.removed].sort(), [old, oldSuffixed].sort());
    assert.deepEqual(result.failed, []);
    assert.equal(existsSync(join(dir, old)), false);
    assert.equal(existsSync(join(dir, young)), true);
    assert.equal(existsSync(join(dir, outside)), true, 'only config/backups/ is swept');
  });

  test('a file whose name carries no time is judged by its modification time', async (t) => {
    const { dir, put } = root(t);
    const stale = put('config/backups/notes.txt');
    const fresh = put('config/backups/other.txt');
    utimesSync(join(dir, stale), daysAgo(8), daysAgo(8));
    utimesSync(join(dir, fresh), daysAgo(6), daysAgo(6));
    const result = await new BackupSweeper({ rootDir: dir, log: silentLogger(), now: () => NOW }).sweep();
    assert.deepEqual(result.removed, [stale]);
    assert.equal(existsSync(join(dir, fresh)), true);
  });

  test('no backup folder is nothing to do', async (t) => {
    const { dir } = root(t);
    assert.deepEqual(await new BackupSweeper({ rootDir: dir, log: silentLogger(), now: () => NOW }).sweep(), { removed: [], failed: [] });
  });

  test('errors are logged, never thrown', async (t) => {
    const { dir, put } = root(t);
    put('config/backups'); // a file where the folder should be
    const captured = captureLog('warn');
    const result = await new BackupSweeper({ rootDir: dir, log: captured.log, now: () => NOW }).sweep();
    assert.equal(result.failed.length, 1);
    assert.ok(captured.find(/sweeping failed/));
  });

  test('start() sweeps at once and then every interval until stop()', async (t) => {
    const { dir, put } = root(t);
    const old = put(`config/backups/a.bak.${backupStamp(daysAgo(8))}`);
    let clockReads = 0;
    const sweeper = new BackupSweeper({ rootDir: dir, log: silentLogger(), intervalMs: 10, now: () => (clockReads++, NOW) });
    t.after(() => sweeper.stop());
    sweeper.start();
    await sweeper.sweep();
    assert.equal(existsSync(join(dir, old)), false);
    await sleep(60);
    assert.ok(clockReads >= 2, `swept ${clockReads} times`);
    sweeper.stop();
    await sleep(20);
    const after = clockReads;
    await sleep(40);
    assert.equal(clockReads, after);
  });
});
