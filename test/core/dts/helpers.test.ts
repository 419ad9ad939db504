import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Handlebars from 'handlebars';
import { createEnvironment, helperNames } from '../../../core/dts/helpers/env.ts';
import { idOnlyLookups } from '../../../core/dts/game-lookups.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { stringRenderer } from '../../fixtures/dts/render.ts';

const render = stringRenderer({ partials: { remainingTime: '{{#if tthm}}{{tthm}}m{{/if}}{{#if tths}} {{tths}}s{{/if}}', who: '{{name}}!' } });

describe('spec helpers', () => {
  test('round', () => {
    assert.equal(render('{{round iv}}%', { iv: 97.8 }), '98%');
    assert.equal(render('{{round iv}}', { iv: '12.4' }), '12');
    assert.equal(render('[{{round iv}}]', {}), '[]');
    assert.equal(render('{{round this.iv}}', { iv: 0.5 }), '1');
  });

  test('forEach gives isFirst/isLast/index/total on the item and @index/@first/@last in the data', () => {
    const view = { monsters: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] };
    assert.equal(render('{{#forEach monsters}}{{this.name}}{{#unless isLast}}, {{/unless}}{{/forEach}}', view), 'A, B, C');
    assert.equal(render('{{#forEach monsters}}{{index}}/{{total}}{{#if isFirst}}^{{/if}} {{/forEach}}', view), '1/3^ 2/3 3/3 ');
    assert.equal(render('{{#forEach monsters}}{{@index}}{{#if @last}}L{{/if}}{{#if @first}}F{{/if}};{{/forEach}}', view), '0F;1;2L;');
    assert.equal(render('{{#forEach words}}{{this}}{{#unless @isLast}}+{{/unless}}{{/forEach}}', { words: ['x', 'y'] }), 'x+y');
    assert.equal(render('{{#forEach none}}x{{else}}empty{{/forEach}}', { none: [] }), 'empty');
    assert.equal(render('{{#forEach missing}}x{{else}}empty{{/forEach}}', {}), 'empty');
    assert.equal(render('{{#forEach list}}{{@root.title}}{{../title}}{{/forEach}}', { title: 'T', list: [{}] }), 'TT');
  });

  test('forEach never writes into the view', () => {
    const view = Object.freeze({ list: Object.freeze([Object.freeze({ name: 'A' })]) });
    assert.equal(render('{{#forEach list}}{{name}}{{isLast}}{{/forEach}}', view), 'Atrue');
    assert.deepEqual(Object.keys(view.list[0]!), ['name']);
  });

  test('eq: block with else, inline, sub-expression, hash compare', () => {
    const tpl = "{{#eq trigger 'start'}}starting{{else}}ending{{/eq}}";
    assert.equal(render(tpl, { trigger: 'start' }), 'starting');
    assert.equal(render(tpl, { trigger: 'end' }), 'ending');
    assert.equal(render('{{eq a b}}', { a: 1, b: 1 }), 'true');
    assert.equal(render('{{#if (eq team 1)}}yes{{/if}}', { team: '1' }), 'yes');
    assert.equal(render('{{#eq a compare=2}}two{{/eq}}', { a: 2 }), 'two');
    assert.equal(render('{{#eq a b}}same{{else}}different{{/eq}}', { a: {}, b: {} }), 'different');
  });

  test('isnt (and ne)', () => {
    const tpl = "{{#isnt formName 'Normal'}} ({{formName}}){{/isnt}}";
    assert.equal(render(tpl, { formName: 'Alola' }), ' (Alola)');
    assert.equal(render(tpl, { formName: 'Normal' }), '');
    assert.equal(render('{{#isnt a 1}}x{{else}}y{{/isnt}}', { a: 1 }), 'y');
    assert.equal(render('{{#ne a 1}}x{{else}}y{{/ne}}', { a: 2 }), 'x');
  });

  test('compare with operator strings', () => {
    const cases: [string, unknown, unknown, boolean][] = [
      ['==', 100, '100', true], ['===', 100, '100', false], ['!=', 1, 2, true], ['!==', 1, 1, false],
      ['<', 9, 10, true], ['<', '9', '10', true], ['>', 10, 9, true], ['<=', 10, 10, true], ['>=', 9, 10, false],
      ['typeof', 'x', 'string', true], ['typeof', 5, 'string', false],
    ];
    for (const [op, a, b, expected] of cases) {
      assert.equal(render(`{{#compare a '${op}' b}}T{{else}}F{{/compare}}`, { a, b }), expected ? 'T' : 'F', `${String(a)} ${op} ${String(b)}`);
    }
    assert.equal(render("{{#compare chance '<' 100}}{{chance}}%{{/compare}}", { chance: 35 }), '35%');
    assert.throws(() => render("{{#compare a '<>' b}}x{{/compare}}", { a: 1, b: 2 }), /unknown operator "<>"/);
  });

  test('partials via {{> name}}; a missing partial is a render error', () => {
    assert.equal(render('left: {{> remainingTime}}', { tthm: 5, tths: 3 }), 'left: 5m 3s');
    assert.equal(render('{{#each people}}{{> who}} {{/each}}', { people: [{ name: 'a' }, { name: 'b' }] }), 'a! b! ');
    assert.throws(() => render('{{> nope}}'), /partial nope could not be found/);
  });

  test('if, unless, each, with are the Handlebars built-ins', () => {
    assert.equal(render('{{#if a}}A{{else}}B{{/if}}{{#unless a}}U{{/unless}}', { a: 0 }), 'BU');
    assert.equal(render('{{#each xs}}{{@index}}{{this}}{{/each}}', { xs: ['a', 'b'] }), '0a1b');
    assert.equal(render('{{#with o}}{{k}}{{/with}}', { o: { k: 'v' } }), 'v');
  });
});

describe('handlebars-helpers and escaping', () => {
  test('the helpers the corpus uses', () => {
    assert.equal(render('{{#or a b}}yes{{/or}}', { a: 0, b: 3 }), 'yes');
    assert.equal(render('{{#and a b}}yes{{else}}no{{/and}}', { a: 1, b: 0 }), 'no');
    assert.equal(render('{{#if (gt chunks 1)}}many{{/if}}', { chunks: 2 }), 'many');
    assert.equal(render('{{#if (not x)}}none{{/if}}', {}), 'none');
    assert.equal(render('{{#lt a 5}}small{{/lt}}', { a: 2 }), 'small');
    assert.equal(render('{{toFixed iv 0}}', { iv: 97.6 }), '98');
    assert.equal(render('{{minus lureTypeId 500}}', { lureTypeId: 502 }), '2');
    assert.equal(render('[{{minus lureTypeId 500}}][{{divide x 2}}]', {}), '[][]');
    assert.equal(render("{{replace s 'a' 'o'}}", { s: 'banana' }), 'bonono');
    assert.equal(render('{{uppercase s}}', { s: 'abc' }), 'ABC');
    assert.equal(render("{{#contains list 'b'}}has{{/contains}}", { list: ['a', 'b'] }), 'has');
    assert.equal(render("{{concat a '-' b}}", { a: 1, b: 'x' }), '1-x');
  });

  test('embed (reads server files) is withheld; everything else of the package is registered', () => {
    const names = helperNames(createEnvironment({ lookups: idOnlyLookups(), partials: {} }));
    assert.ok(!names.includes('embed'));
    for (const name of ['or', 'and', 'gt', 'lt', 'contains', 'replace', 'uppercase', 'toFixed', 'minus', 'truncate', 'join', 'default']) assert.ok(names.includes(name), name);
  });

  test('{{x}} HTML-escapes, {{{x}}} is raw', () => {
    const view = { addr: `O'Brien & <Sons>`, url: 'https://x.test/?a=1&b=2' };
    assert.equal(render('{{addr}}', view), 'O&#x27;Brien &amp; &lt;Sons&gt;');
    assert.equal(render('{{{addr}}} {{{url}}}', view), `O'Brien & <Sons> https://x.test/?a=1&b=2`);
  });

  test('<t:UNIX:R> passes through untouched', () => {
    assert.equal(render('Ends <t:{{endTimestamp}}:R> (<t:123:R>)', { endTimestamp: 1700000000 }), 'Ends <t:1700000000:R> (<t:123:R>)');
  });

  test('variables inherited through the view prototype chain are visible; dangerous properties are not', () => {
    const base = { name: 'Pikachu', nested: { cp: 500 } };
    const view = Object.create(Object.create(base) as object) as Record<string, unknown>;
    view['iv'] = 100;
    assert.equal(render('{{name}} {{nested.cp}} {{iv}}', view), 'Pikachu 500 100');
    assert.equal(render('{{#with nested}}{{cp}}{{/with}}', view), '500');
    assert.equal(render('[{{constructor}}][{{__proto__}}][{{name.constructor}}]', view), '[][][]');
    assert.equal(render('{{#with constructor}}{{name}}{{/with}}', view), '');
  });

  test('a missing helper fails the render with an error naming the entry and the member', () => {
    try {
      render('{{fancyHelper name}}', { name: 'x' });
      assert.fail('expected an error');
    } catch (err) {
      assert.ok(isLookoutError(err));
      assert.equal(err.code, 'BAD_REQUEST');
      assert.match(err.message, /test\/1\/discord\/en \(config\/dts\.json entry 0\)/);
      assert.match(err.message, /content: Missing helper: "fancyHelper"/);
      assert.equal(err.context['path'], 'content');
    }
  });

  test('the environment is isolated from the global Handlebars', () => {
    createEnvironment({ lookups: idOnlyLookups(), partials: { p: 'x' } });
    assert.equal(Handlebars.helpers['forEach'], undefined);
    assert.equal(Handlebars.partials['p'], undefined);
  });
});
