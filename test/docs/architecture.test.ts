/**
 * docs/ARCHITECTURE.md maps every source file in one line; this keeps it current.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

test('docs/ARCHITECTURE.md lists every source file of core/, plugins/ and platforms/, and nothing that is gone', () => {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const files = ['core', 'plugins', 'platforms'].flatMap((d) => sources(join(root, d)));
  const missing = files.filter((f) => !doc.includes(`\`${f}\``));
  assert.deepEqual(missing, [], `add these to docs/ARCHITECTURE.md: ${missing.join(', ')}`);
  const listed = [...doc.matchAll(/`((?:core|plugins|platforms)\/[^`]+\.ts)`/g)].map((m) => m[1]!);
  const gone = listed.filter((f) => !existsSync(join(root, f)));
  assert.deepEqual(gone, [], `remove these from docs/ARCHITECTURE.md: ${gone.join(', ')}`);
});
