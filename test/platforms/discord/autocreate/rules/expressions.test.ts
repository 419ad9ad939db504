/**
 * A rule's filter and params against one fence: helpers, truthiness, argument splitting, no HTML escaping,
 * compile and render failures reported as skipped.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Handlebars from 'handlebars';
import type { AutocreateRule } from '../../../../../core/config/platform-types.ts';
import type { Fence } from '../../../../../core/geo/fence.ts';
import { checkRuleExpressions, evaluateRule, filterOutputMatches } from '../../../../../platforms/discord/autocreate/rules/expressions.ts';
import { fence } from '../../../../helpers/fences.ts';

function rule(filter: string, params: readonly string[] = ['{{name}}']): AutocreateRule {
  return { name: 'r', guild: '1', template: 't', filter, params, remove_missing: false };
}

const gent: Fence = fence('Gent_centrum', { group: 'Belgium', description: 'old town', properties: { server: 'uk', size: 5, ratio: '2.50', tags: ['raid', 'quest'], flag: true, empty: [], region: 'VL' } });

/** Whether the filter matches the fence (fails the test on a skip). */
function matches(filter: string, f: Fence = gent): boolean {
  const verdict = evaluateRule(rule(filter), f);
  assert.notEqual(verdict.kind, 'skipped', JSON.stringify(verdict));
  return verdict.kind === 'match';
}

test('an empty or blank filter matches every fence', () => {
  assert.equal(matches(''), true);
  assert.equal(matches('   '), true);
});

test('the filter matches unless its trimmed output is empty, 0 or false (any case)', () => {
  for (const out of ['', '  ', '0', ' 0 ', 'false', 'FALSE', ' False\n']) assert.equal(filterOutputMatches(out), false, JSON.stringify(out));
  for (const out of ['true', 'yes', '1', '00', '0.0', 'no', 'x']) assert.equal(filterOutputMatches(out), true, out);
  assert.equal(matches('{{flag}}'), true);
  assert.equal(matches('{{flag}}', fence('B', { properties: { flag: false } })), false);
  assert.equal(matches('{{missing}}'), false);
  assert.equal(matches('{{region}}'), true);
});

test('eq and ne: numbers compare as numbers when both sides read as numbers, else as text', () => {
  assert.equal(matches('{{eq server "uk"}}'), true);
  assert.equal(matches('{{eq server "ie"}}'), false);
  assert.equal(matches('{{eq size "5.0"}}'), true);
  assert.equal(matches('{{eq ratio 2.5}}'), true);
  assert.equal(matches('{{eq server "UK"}}'), false);
  assert.equal(matches('{{ne server "ie"}}'), true);
  assert.equal(matches('{{ne size 5}}'), false);
  assert.equal(matches('{{eq group "Belgium"}}'), true);
  assert.equal(matches('{{eq missing ""}}'), false);
});

test('gt lt gte lte compare numerically; a non-number counts as 0', () => {
  assert.equal(matches('{{gt size 4}}'), true);
  assert.equal(matches('{{gt size 5}}'), false);
  assert.equal(matches('{{gte size "5"}}'), true);
  assert.equal(matches('{{lt ratio 10}}'), true); // "2.50" < 10 numerically ("2.50" > "10" as text)
  assert.equal(matches('{{lte size 4.9}}'), false);
  assert.equal(matches('{{gt server -1}}'), true);
  assert.equal(matches('{{lt server 1}}'), true);
});

test('and / or take any number of arguments; not negates; all work as sub-expressions and blocks', () => {
  assert.equal(matches('{{and (eq server "uk") (gt size 1) flag}}'), true);
  assert.equal(matches('{{and (eq server "uk") (gt size 9) flag}}'), false);
  assert.equal(matches('{{or (eq server "ie") (eq server "fr") (eq region "VL")}}'), true);
  assert.equal(matches('{{or (eq server "ie") missing empty 0 ""}}'), false);
  assert.equal(matches('{{not (eq server "ie")}}'), true);
  assert.equal(matches('{{not server}}'), false);
  assert.equal(matches('{{#eq server "uk"}}yes{{else}}no{{/eq}}'), true);
  assert.equal(matches('{{#eq server "ie"}}yes{{else}}false{{/eq}}'), false);
  assert.equal(matches('{{#if (and flag (contains tags "raid"))}}1{{else}}0{{/if}}'), true);
});

test('contains: substring of text, member of a list (items compared as text)', () => {
  assert.equal(matches('{{contains name "centrum"}}'), true);
  assert.equal(matches('{{contains name "Centrum"}}'), false);
  assert.equal(matches('{{contains tags "quest"}}'), true);
  assert.equal(matches('{{contains tags "que"}}'), false);
  assert.equal(matches('{{contains size 5}}'), false);
  assert.equal(matches('{{contains (lookup this "numbers") 2}}', fence('N', { properties: { numbers: [1, 2, 3] } })), true);
});

test('params: each rendered value is split on whitespace, quoted segments stay one argument, case is kept', () => {
  const f = fence('Canterbury (Wincheap)', { group: 'Kent East', properties: { region: 'SE' } });
  assert.deepEqual(evaluateRule(rule('', ['{{group}}', '"{{name}}"', '{{region}}-x']), f), { kind: 'match', args: ['Kent', 'East', 'Canterbury (Wincheap)', 'SE-x'] });
});

test('HTML escaping is off: Rock & Roll stays as it is', () => {
  const f = fence('Rock & Roll', { group: `<b>"Q's"</b>` });
  assert.deepEqual(evaluateRule(rule('{{eq name "Rock & Roll"}}', ['"{{name}}"', '{{group}}']), f), { kind: 'match', args: ['Rock & Roll', "<b>Q's</b>"] });
});

test('a param that renders no argument skips the fence (it would shift every later argument)', () => {
  const verdict = evaluateRule(rule('', ['{{group}}', '{{name}}']), fence('NoGroup'));
  assert.equal(verdict.kind, 'skipped');
  assert.match(verdict.kind === 'skipped' ? verdict.reason : '', /params\[0\] "\{\{group\}\}" rendered no argument/);
});

test('a filter or param that does not compile skips every fence and is reported by checkRuleExpressions', () => {
  const broken = rule('{{eq server', ['{{name}}', '{{#if}}']);
  const verdict = evaluateRule(broken, gent);
  assert.equal(verdict.kind, 'skipped');
  assert.match(verdict.kind === 'skipped' ? verdict.reason : '', /^filter does not compile: Parse error/);
  const problems = checkRuleExpressions(broken);
  assert.equal(problems.length, 2);
  assert.match(problems[0]!, /^filter does not compile/);
  assert.match(problems[1]!, /^params\[1\] "\{\{#if\}\}" does not compile/);
  assert.deepEqual(checkRuleExpressions(rule('{{eq server "uk"}}', ['{{group}}', '"{{name}}"'])), []);
});

test('an unknown helper is a compile problem; only the rule helpers and the built-in block helpers exist', () => {
  for (const filter of ['{{uppercase name}}', '{{replace name "a" "b"}}', '{{log name}}', '{{round size}}']) {
    assert.match(checkRuleExpressions(rule(filter))[0] ?? '', /unknown helper/, filter);
    assert.equal(evaluateRule(rule(filter), gent).kind, 'skipped', filter);
  }
  assert.equal(matches('{{#unless (eq server "ie")}}yes{{/unless}}'), true);
  assert.equal(matches('{{#each tags}}{{#eq this "quest"}}hit{{/eq}}{{/each}}'), true);
  assert.equal(matches('{{#with region}}{{this}}{{/with}}'), true);
});

test('a helper called with the wrong number of arguments is a render error: that fence is skipped', () => {
  const verdict = evaluateRule(rule('{{eq server}}'), gent);
  assert.deepEqual(verdict, { kind: 'skipped', reason: 'filter failed to render: {{eq}} expects 2 arguments, got 1' });
  assert.deepEqual(checkRuleExpressions(rule('{{eq server}}')), []);
});

test('a missing partial is a render error for the param that uses it', () => {
  const verdict = evaluateRule(rule('', ['{{name}}', '{{> nothere}}']), gent);
  assert.equal(verdict.kind, 'skipped');
  assert.match(verdict.kind === 'skipped' ? verdict.reason : '', /^params\[1\] "\{\{> nothere\}\}" failed to render: /);
});

test('the rule helpers live in a private environment: the global Handlebars is not touched', () => {
  evaluateRule(rule('{{eq server "uk"}}'), gent);
  assert.equal(Handlebars.helpers['contains'], undefined);
  assert.equal(Handlebars.helpers['gte'], undefined);
  assert.equal(Handlebars.helpers['log'] !== undefined, true);
});

test('prototype members are not reachable from an expression', () => {
  const verdict = evaluateRule(rule('', ['{{name}}', '{{constructor}}']), gent);
  assert.equal(verdict.kind, 'skipped');
});
