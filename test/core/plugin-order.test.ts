/**
 * Plugin order: dependencies first, otherwise by name, whatever order the plugins were found in; a cycle has no
 * order and comes back named.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { orderByDependencies, type Orderable } from '../../core/plugin-order.ts';

const p = (name: string, ...dependencies: string[]): Orderable => ({ name, dependencies });
const names = (plugins: readonly Orderable[]): string[] => {
  const order = orderByDependencies(plugins);
  assert.ok(order.ok, 'no cycle');
  return order.plugins.map((o) => o.name);
};

describe('plugin order', () => {
  test('without dependencies, by name (character order), not in the order found', () => {
    assert.deepEqual(names([p('weather'), p('fort-update'), p('max-battle'), p('gym'), p('monster')]), ['fort-update', 'gym', 'max-battle', 'monster', 'weather']);
  });

  test('a plugin comes after everything it depends on, directly or not; ties still go by name', () => {
    assert.deepEqual(names([p('alpha', 'zeta'), p('zeta', 'mid'), p('mid'), p('beta')]), ['beta', 'mid', 'zeta', 'alpha']);
    assert.deepEqual(names([p('c', 'a'), p('b', 'a'), p('a')]), ['a', 'b', 'c']);
  });

  test('the same plugins in any order give the same order', () => {
    const plugins = [p('raid', 'gym'), p('gym'), p('quest'), p('invasion', 'quest'), p('lure')];
    const expected = names(plugins);
    assert.deepEqual(names([...plugins].reverse()), expected);
    assert.deepEqual(expected, ['gym', 'lure', 'quest', 'invasion', 'raid']);
  });

  test('a dependency that is not registered does not hold a plugin back (the registry reports it)', () => {
    assert.deepEqual(names([p('b', 'ghost'), p('a')]), ['a', 'b']);
  });

  test('a cycle is refused, named from its first member by name', () => {
    assert.deepEqual(orderByDependencies([p('a', 'b'), p('b', 'c'), p('c', 'a'), p('d')]), { ok: false, cycle: ['a', 'b', 'c', 'a'] });
    assert.deepEqual(orderByDependencies([p('solo', 'solo')]), { ok: false, cycle: ['solo', 'solo'] });
    const behind = orderByDependencies([p('x', 'y'), p('y', 'z'), p('z', 'y')]);
    assert.deepEqual(behind, { ok: false, cycle: ['y', 'z', 'y'] });
  });
});
