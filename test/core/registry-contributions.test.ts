/**
 * The registry's checks of what alert plugins contribute (gameDataSources, iconKinds, apiRoutes): the shapes,
 * and across plugins one source per name, one icon kind per folder, one route per method and path.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Plugin } from '../../core/contract.ts';
import { isLookoutError } from '../../core/errors.ts';
import { PluginRegistry } from '../../core/registry.ts';

const base = (name: string) => ({ kind: 'alert', name, webhookTypes: [], alertTypes: [] });
const source = (name: string) => ({ name, url: () => 'http://x.invalid/a.json', looksValid: () => true, parse: () => null });
const route = (method: string, path: string) => ({ method, path, handler: async () => ({}) });

/** The registration problems of `plugins` as one message (registration must fail with PLUGIN_INVALID). */
function problemsOf(plugins: readonly unknown[]): string {
  let message = '';
  assert.throws(
    () => PluginRegistry.create(plugins as Plugin[]),
    (err: unknown) => {
      message = isLookoutError(err) && err.code === 'PLUGIN_INVALID' ? err.message : '';
      return message !== '';
    },
  );
  return message;
}

describe('plugin contributions', () => {
  test('well-formed contributions register and are listed in plugin order', () => {
    const a = { ...base('a'), gameDataSources: [source('lineups')], iconKinds: [{ folder: 'raid/egg', flags: () => [] }], apiRoutes: [route('GET', '/masterdata/a')] };
    const b = { ...base('b'), iconKinds: [{ folder: 'nest' }], apiRoutes: [route('POST', '/b/:id/delete')] };
    const registry = PluginRegistry.create([a, b] as unknown as Plugin[]);
    assert.deepEqual(registry.gameDataSources().map((s) => s.name), ['lineups']);
    assert.deepEqual(registry.iconKinds().map((k) => k.folder), ['raid/egg', 'nest']);
    assert.deepEqual(registry.apiRoutes().map((r) => `${r.method} ${r.path}`), ['GET /masterdata/a', 'POST /b/:id/delete']);
  });

  test('refuses malformed sources, icon kinds and routes, naming plugin and member', () => {
    assert.match(problemsOf([{ ...base('a'), gameDataSources: [{ name: 'Bad Name', url: () => '', looksValid: () => true, parse: () => 1 }] }]), /plugin "a": "gameDataSources" must be an array of/);
    assert.match(problemsOf([{ ...base('a'), gameDataSources: [source('masterfile')] }]), /"gameDataSources" must be an array/);
    assert.match(problemsOf([{ ...base('a'), gameDataSources: [{ name: 'x', url: 'http://x' }] }]), /"gameDataSources" must be an array/);
    assert.match(problemsOf([{ ...base('a'), iconKinds: [{ folder: '/raid/egg' }] }]), /plugin "a": "iconKinds" must be an array of/);
    assert.match(problemsOf([{ ...base('a'), iconKinds: [{ folder: 'nest', flags: ['_s'] }] }]), /"iconKinds" must be an array/);
    assert.match(problemsOf([{ ...base('a'), apiRoutes: [route('PUT', '/a')] }]), /plugin "a": "apiRoutes" must be an array of/);
    assert.match(problemsOf([{ ...base('a'), apiRoutes: [route('GET', 'no-slash')] }]), /"apiRoutes" must be an array/);
    assert.match(problemsOf([{ ...base('a'), apiRoutes: { method: 'GET', path: '/a', handler: () => null } }]), /"apiRoutes" must be an array/);
  });

  test('refuses what two plugins claim at once', () => {
    const message = problemsOf([
      { ...base('a'), gameDataSources: [source('lineups')], iconKinds: [{ folder: 'nest' }], apiRoutes: [route('GET', '/x')] },
      { ...base('b'), gameDataSources: [source('lineups')], iconKinds: [{ folder: 'nest' }], apiRoutes: [route('GET', '/x'), route('POST', '/x')] },
    ]);
    assert.match(message, /game-data source "lineups" is contributed more than once/);
    assert.match(message, /icon folder "nest" is claimed by more than one icon kind/);
    assert.match(message, /API route "GET \/x" is contributed more than once/);
    assert.doesNotMatch(message, /POST \/x/);
  });
});
