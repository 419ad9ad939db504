/**
 * docs/hooks.md's member tables are generated from the registry's member tables; this keeps them current.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { HOOKS_DOC, withMemberTables } from '../../docs/hooks-tables.ts';

test('docs/hooks.md shows the member tables of core/registry.ts as they are (npm run docs:hooks)', () => {
  const doc = readFileSync(HOOKS_DOC, 'utf8');
  assert.ok(withMemberTables(doc) === doc, 'docs/hooks.md is stale: run npm run docs:hooks');
});

test('the generator keeps the prose around the tables and refuses a document without its markers', () => {
  const doc = readFileSync(HOOKS_DOC, 'utf8');
  const emptied = doc.replace(/(<!-- alert-members:[^>]*-->)[\s\S]*?(<!-- \/alert-members -->)/, '$1\n| stale |\n$2');
  assert.notEqual(emptied, doc);
  assert.equal(withMemberTables(emptied), doc);
  assert.throws(() => withMemberTables('# Plugin hooks\n'), /markers of the alert-members table are missing/);
});
