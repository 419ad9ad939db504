/** Which root variables a template reads: paths, helper arguments, conditions, block contexts, partials. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rootVariables } from '../../../core/dts/root-variables.ts';

const HELPERS = new Set(['round', 'if', 'unless', 'each', 'with', 'compare', 'pokemonName', 'eq']);
const read = (texts: string[], partials: Record<string, string> = {}) =>
  [...rootVariables(texts, { partial: (n) => partials[n] ?? null, isHelper: (n) => HELPERS.has(n) })].sort();

test('plain paths, helper arguments and hash values, conditions', () => {
  assert.deepEqual(read(['{{name}} {{{imgUrl}}} {{round iv}} {{pokemonName id language=lang}} {{genderData.emoji}}']), ['genderData', 'id', 'imgUrl', 'iv', 'lang', 'name']);
  assert.deepEqual(read(['{{#if boosted}}{{boost}}{{else}}{{weather}}{{/if}}{{#compare cp ">" (round minCp)}}x{{/compare}}']), ['boost', 'boosted', 'cp', 'minCp', 'weather']);
});

test('blocks that change the context: only what reaches the root', () => {
  assert.deepEqual(read(['{{#each pvpGreat}}{{rank}} {{this.cp}} {{../name}} {{@root.iv}} {{@index}}{{/each}}']), ['iv', 'name', 'pvpGreat']);
  assert.deepEqual(read(['{{#with genderData}}{{emoji}}{{/with}}', '{{#each a}}{{#each b}}{{../../c}} {{../d}}{{/each}}{{/each}}']), ['a', 'c', 'genderData']);
  assert.deepEqual(read(['{{#pvpUltra}}{{rank}}{{/pvpUltra}}']), ['pvpUltra'], 'a section over a variable');
});

test('partials are followed once; a helper name alone is not a variable; a broken text reads nothing', () => {
  assert.deepEqual(read(['{{> head}} {{round}}'], { head: '{{name}} {{> head}} {{> tail}}', tail: '{{addr}}' }), ['addr', 'name']);
  assert.deepEqual(read(['{{#if x}']), []);
});

test('what may read any variable: the context itself, lookup, a partial chosen at render time', () => {
  for (const text of ['{{#each this}}{{@key}}{{/each}}', '{{lookup . "name"}}', '{{x (lookup this "y")}}', '{{> (whichPartial)}}', '{{@root}}', '{{#each a}}{{#with ..}}{{/with}}{{/each}}']) {
    assert.ok(read([text]).includes('*'), text);
  }
  assert.ok(!read(['{{#each a}}{{this}} {{.}}{{/each}}']).includes('*'), 'the item itself inside a loop');
});
