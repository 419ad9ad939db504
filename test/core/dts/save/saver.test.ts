import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { ReloadResult } from '../../../../core/dts/engine.ts';
import { TemplateFiles } from '../../../../core/dts/save/index.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { dtsTree, entry } from '../../../fixtures/dts/tree.ts';
import { SHIPPED_PLATFORMS } from '../../../fixtures/dts/platforms.ts';

const AT = new Date(Date.UTC(2026, 10, 24, 13, 5, 1));

/** an engine stand-in that counts reloads and records what each reload saw on disk */
function countingEngine(root: string) {
  const seen: string[][] = [];
  return {
    seen,
    platforms: SHIPPED_PLATFORMS,
    async reload(): Promise<ReloadResult> {
      seen.push(readdirSync(join(root, 'config/dts')).sort());
      return { ok: true, problems: [], entries: 0 };
    },
  };
}

describe('TemplateFiles', () => {
  test('saves run one at a time: the same second gives suffixed backups, and a reload waits for the save', async (t) => {
    const tree = dtsTree({ 'config/dts/monster-1-discord-en.toml': '[[entry]]\nid = "1"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "v0"\n' });
    t.after(() => tree.remove());
    const engine = countingEngine(tree.root);
    const files = new TemplateFiles({ rootDir: tree.root, log: silentLogger(), engine, now: () => AT });
    const [a, b, reload] = await Promise.all([files.save(entry({ template: 'v1' })), files.save(entry({ template: 'v2' })), files.reload(), files.save(entry({ id: 2 }))]);
    assert.deepEqual(a.backups, ['config/backups/config/dts/monster-1-discord-en.toml.bak.2026-11-24_130501']);
    assert.deepEqual(b.backups, ['config/backups/config/dts/monster-1-discord-en.toml.bak.2026-11-24_130501-2']);
    assert.match(readFileSync(join(tree.root, b.backups[0]!), 'utf8'), /template = "v1"/);
    assert.deepEqual(reload, { ok: true, entries: 0, problems: [] });
    assert.equal(engine.seen.length, 4);
    assert.deepEqual(engine.seen[2], ['monster-1-discord-en.toml'], 'the reload ran after the first two saves, before the third');
  });

  test('a TOML source left without entries is deleted after its backup', async (t) => {
    const tree = dtsTree({ 'config/dts/old.toml': '[[entry]]\nid = "3"\ntype = "monster"\nplatform = "discord"\nlanguage = "en"\ntemplate = "old"\n' });
    t.after(() => tree.remove());
    const files = new TemplateFiles({ rootDir: tree.root, log: silentLogger(), engine: countingEngine(tree.root), now: () => AT });
    const result = await files.save([entry({ id: 3, template: 'new' })]);
    assert.deepEqual(result.deleted, ['config/dts/old.toml']);
    assert.equal(existsSync(join(tree.root, 'config/dts/old.toml')), false);
    assert.match(readFileSync(join(tree.root, 'config/backups/config/dts/old.toml.bak.2026-11-24_130501'), 'utf8'), /template = "old"/);
  });
});
