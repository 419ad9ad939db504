/**
 * Fence classification against the rule's cache, row by row of the spec's table, plus skipped fences, order
 * and duplicate names.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AutocreateRule } from '../../../../../core/config/platform-types.ts';
import type { Fence } from '../../../../../core/geo/fence.ts';
import { classifyFences, type Classification } from '../../../../../platforms/discord/autocreate/rules/classify.ts';
import { fence } from '../../../../helpers/fences.ts';

const ukRule: AutocreateRule = { name: 'uk', guild: '1', template: 'area', filter: '{{eq server "uk"}}', params: ['{{group}}', '"{{name}}"'], remove_missing: true };
const uk = (name: string, group = 'London'): Fence => fence(name, { group, properties: { server: 'uk' } });
const ie = (name: string): Fence => fence(name, { group: 'Dublin', properties: { server: 'ie' } });

function names(c: Classification<Fence>): Record<string, string[]> {
  return {
    toCreate: c.toCreate.map((x) => x.fence.name),
    toReuse: c.toReuse.map((x) => x.fence.name),
    orphans: [...c.orphans],
    skipped: c.skipped.map((s) => s.fence),
  };
}

test('row 1: matches the filter, not in the cache → toCreate, with its arguments', () => {
  const c = classifyFences(ukRule, [uk('Soho')], new Set());
  assert.deepEqual(names(c), { toCreate: ['Soho'], toReuse: [], orphans: [], skipped: [] });
  assert.deepEqual(c.toCreate[0]!.args, ['London', 'Soho']);
});

test('row 2: matches the filter, in the cache → toReuse, with its arguments', () => {
  const c = classifyFences(ukRule, [uk('Soho Square', 'West End')], new Set(['Soho Square']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: ['Soho Square'], orphans: [], skipped: [] });
  assert.deepEqual(c.toReuse[0]!.args, ['West', 'End', 'Soho Square']);
  assert.equal(c.toReuse[0]!.fence.properties.server, 'uk');
});

test('row 3a: in the cache, no longer matches the filter → orphan', () => {
  const c = classifyFences(ukRule, [ie('Howth')], new Set(['Howth']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: [], orphans: ['Howth'], skipped: [] });
});

test('row 3b: in the cache, absent from the geofence list → orphan', () => {
  const c = classifyFences(ukRule, [uk('Soho')], new Set(['Soho', 'Gone']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: ['Soho'], orphans: ['Gone'], skipped: [] });
});

test('not matching and not cached: no class at all', () => {
  assert.deepEqual(names(classifyFences(ukRule, [ie('Howth')], new Set())), { toCreate: [], toReuse: [], orphans: [], skipped: [] });
});

test('row 4: filter or params fail to render → skipped with the reason; a cached skipped fence is NOT an orphan', () => {
  const rule: AutocreateRule = { ...ukRule, filter: '{{eq server}}' };
  const c = classifyFences(rule, [uk('Soho'), uk('Mayfair')], new Set(['Soho']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: [], orphans: [], skipped: ['Soho', 'Mayfair'] });
  assert.match(c.skipped[0]!.reason, /^filter failed to render/);

  const noGroup = fence('Bare', { properties: { server: 'uk' } }); // {{group}} renders nothing
  const p = classifyFences(ukRule, [noGroup, uk('Soho')], new Set(['Bare']));
  assert.deepEqual(names(p), { toCreate: ['Soho'], toReuse: [], orphans: [], skipped: ['Bare'] });
  assert.match(p.skipped[0]!.reason, /^params\[0\]/);
});

test('a rule whose filter does not compile skips every listed fence; cached fences gone from the list are still orphans', () => {
  const rule: AutocreateRule = { ...ukRule, filter: '{{#if}}' };
  const c = classifyFences(rule, [uk('Soho'), ie('Howth')], new Set(['Soho', 'Howth', 'Gone']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: [], orphans: ['Gone'], skipped: ['Soho', 'Howth'] });
  assert.match(c.skipped[0]!.reason, /^filter does not compile/);
});

test('every list keeps the fence-list order; orphans gone from the list follow in cache order', () => {
  const fences = [uk('C'), ie('X'), uk('A'), uk('B'), ie('Y'), uk('D')];
  const c = classifyFences(ukRule, fences, new Set(['Z', 'Y', 'D', 'A', 'X', 'W']));
  assert.deepEqual(names(c), { toCreate: ['C', 'B'], toReuse: ['A', 'D'], orphans: ['X', 'Y', 'Z', 'W'], skipped: [] });
});

test('a second fence of the same name is skipped; the first decides', () => {
  const c = classifyFences(ukRule, [uk('Soho'), ie('Soho')], new Set(['Soho']));
  assert.deepEqual(names(c), { toCreate: [], toReuse: ['Soho'], orphans: [], skipped: ['Soho'] });
  assert.match(c.skipped[0]!.reason, /same name/);
});

test('an empty filter takes every fence', () => {
  const c = classifyFences({ ...ukRule, filter: '' }, [uk('A'), ie('B')], new Set(['B']));
  assert.deepEqual(names(c), { toCreate: ['A'], toReuse: ['B'], orphans: [], skipped: [] });
});
