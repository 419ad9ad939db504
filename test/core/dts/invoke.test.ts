/**
 * The invoker renders exactly what a plain top-level Handlebars call renders, without the per-call set-up.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Handlebars from 'handlebars';
import { invokerFor } from '../../../core/dts/invoke.ts';

const DATA = { language: 'de', altLanguage: 'en', platform: 'telegram' };

function environment(): typeof Handlebars {
  const env = Handlebars.create();
  env.registerHelper('shout', (s: unknown) => `${String(s).toUpperCase()}!`);
  env.registerPartial('where', 'in {{city}}');
  return env;
}

describe('template invoker', () => {
  const env = environment();
  const invoke = invokerFor(env);
  const render = (source: string, view: object): string => invoke(view, DATA)(env.compile(source));
  const plain = (source: string, view: object): string => env.compile(source)(view, { data: DATA, allowProtoPropertiesByDefault: true });

  test('helpers, block helpers, partials, inline partials, @root and private data render as a top-level call does', () => {
    const view = { name: 'pikachu', city: 'Bonn', list: [{ n: 1 }, { n: 2 }], flag: true };
    const sources = [
      '{{shout name}} {{> where}}',
      '{{#each list}}{{n}}{{#unless @last}},{{/unless}}{{@root.name}}{{/each}}',
      '{{#*inline "tag"}}[{{name}}]{{/inline}}{{> tag}} {{#if flag}}yes{{else}}no{{/if}}',
      '{{@language}}/{{@platform}}/{{@altLanguage}}',
      '{{#with list.[1]}}{{n}} {{../name}}{{/with}}',
    ];
    for (const source of sources) assert.equal(render(source, view), plain(source, view), source);
    assert.equal(render(sources[0]!, view), 'PIKACHU! in Bonn');
  });

  test('inherited view variables are visible; constructor and __proto__ stay blocked', () => {
    const base = { name: 'base' };
    const layered = Object.assign(Object.create(base) as object, { extra: 'top' });
    assert.equal(render('{{name}} {{extra}}', layered), 'base top');
    assert.equal(render('[{{constructor}}][{{__proto__}}]', layered), '[][]');
  });

  test('a missing helper with arguments fails the render as it does in a top-level call', () => {
    assert.throws(() => render('{{nosuchhelper name}}', { name: 'x' }), /Missing helper: "nosuchhelper"/);
  });

  test('one environment set-up serves many calls without leaking frames between them', () => {
    const fn = env.compile('{{#each items}}{{this}}{{/each}}-{{@root.tag}}');
    assert.equal(invoke({ items: [1, 2], tag: 'a' }, DATA)(fn), '12-a');
    assert.equal(invoke({ items: [3], tag: 'b' }, DATA)(fn), '3-b');
  });
});
