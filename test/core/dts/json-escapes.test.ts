/**
 * JSON-escape semantics of object templates, as the previous generations give them (they render the template as
 * JSON text and parse it): what partials and variables insert is read as JSON string content, the template's own
 * text comes out as written; a text body is parsed as JSON after rendering.
 */
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { decodeJsonEscapes, protectLiteralBackslashes } from '../../../core/dts/json-escapes.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree } from '../../fixtures/dts/tree.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

describe('decoding and protecting', () => {
  it('decodes the JSON escapes, leniently', () => {
    assert.equal(decodeJsonEscapes('a\\nb\\tc\\"d\\\\e\\/f\\u00e9'), 'a\nb\tc"d\\e/fé');
    assert.equal(decodeJsonEscapes('\\\\n'), '\\n', 'an escaped backslash, then n');
    assert.equal(decodeJsonEscapes('C:\\x "raw"\nline \\u12'), 'C:\\x "raw"\nline \\u12', 'what is not an escape stays');
  });

  it('doubles backslashes outside mustaches only', () => {
    assert.equal(protectLiteralBackslashes('a\\n {{x "\\\\"}} {{!-- \\ }} --}} {{{y}}}\\'), 'a\\\\n {{x "\\\\"}} {{!-- \\ }} --}} {{{y}}}\\\\');
    assert.equal(protectLiteralBackslashes('open {{x'), 'open {{x');
    for (const text of ['plain', 'a\\nb\\\\c\\u00e9', '\\"q\\"']) assert.equal(decodeJsonEscapes(protectLiteralBackslashes(text)), text, 'literal text comes out as written');
  });
});

test('rendered through the engine', async (t) => {
  const tree = dtsTree({
    'fallbacks/dts.json': [
      {
        id: 'esc', type: 'monster', platform: 'discord', language: 'en',
        template: {
          content: '{{> lines}}',
          embed: { title: 'literal \\n stays, {{> quote}}', description: ['{{name}}', '{{> lines}}', 'end'], footer: { text: '\\{{name}} {{note}}' } },
        },
      },
      { id: 'text', type: 'monster', platform: 'discord', language: 'en', templateFile: 'mon.txt' },
    ],
    'fallbacks/partials.json': { lines: 'one\\ntwo', quote: 'say \\"{{name}}\\" caf\\u00e9' },
    'config/dts/mon.txt': '{"content": "{{name}}\\n{{> lines}}", "embed": {"color": {{#if name}}255{{else}}0{{/if}} }}',
  });
  t.after(() => tree.remove());
  const engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED });
  assert.deepEqual(engine.problems(), []);
  const body = engine.renderTemplate({ type: 'monster', platform: 'discord', language: 'en', id: 'esc', view: { name: 'Pikachu', note: 'C:\\Xdir \\u0041' } }).body as Record<string, any>;
  assert.equal(body['content'], 'one\ntwo', 'a partial\'s \\n is a line break');
  assert.equal(body['embed'].title, 'literal \\n stays, say "Pikachu" café', 'the template\'s own text as written; the partial\'s escapes decoded');
  assert.equal(body['embed'].description, 'Pikachuone\ntwoend');
  assert.equal(body['embed'].footer.text, '\\Pikachu C:\\Xdir A', 'a backslash before a mustache is text; a value\'s escapes are decoded, a lone backslash stays');
  const text = engine.renderTemplate({ type: 'monster', platform: 'discord', language: 'en', id: 'text', view: { name: 'Mew' } }).body as Record<string, any>;
  assert.deepEqual(text, { content: 'Mew\none\ntwo', embed: { color: 255 } }, 'a templateFile is rendered as JSON text and parsed');
});
