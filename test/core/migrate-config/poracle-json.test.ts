import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePoracleJson } from '../../../core/migrate-config/poracle-json.ts';

test('reads comments and trailing commas, as PoracleJS\'s config library did', () => {
  const text = '\ufeff{\n  // a comment\n  "a": [1, 2, ],\n  /* block */ "b": { "c": "x", },\n}\n';
  assert.deepEqual(parsePoracleJson(text), { a: [1, 2], b: { c: 'x' } });
});

test('leaves commas, slashes and quotes inside strings alone', () => {
  assert.deepEqual(parsePoracleJson('{ "url": "https://x.test/a,]", "q": "say \\"hi\\", }" }'), { url: 'https://x.test/a,]', q: 'say "hi", }' });
});

test('broken JSON still fails', () => {
  assert.throws(() => parsePoracleJson('{ "a": }'), SyntaxError);
});
