/**
 * The plugins' `fallbacks` folders, in registration order; a folder that is not an absolute path stops the start.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Plugin } from '../../core/contract.ts';
import { isLookoutError } from '../../core/errors.ts';
import { pluginFallbackFolders } from '../../core/plugin-fallbacks.ts';

const plugin = (name: string, fallbacks?: string): Plugin =>
  ({ kind: 'platform', name, targetTypes: [`${name}:user`], templatePlatform: name, deliver: async () => ({ ok: true }), ...(fallbacks === undefined ? {} : { fallbacks }) }) as Plugin;

test('the folders of the plugins that give one, in registration order', () => {
  assert.deepEqual(pluginFallbackFolders([plugin('b', '/srv/b/fallbacks/'), plugin('none'), plugin('a', '/srv/a/fallbacks')]), ['/srv/b/fallbacks/', '/srv/a/fallbacks']);
  assert.deepEqual(pluginFallbackFolders([]), []);
});

test('a relative folder is refused, naming the plugin', () => {
  assert.throws(
    () => pluginFallbackFolders([plugin('ok', '/srv/ok'), plugin('rel', './fallbacks/')]),
    (err) => isLookoutError(err) && err.code === 'PLUGIN_INVALID' && err.message.includes('plugin "rel": "fallbacks" must be an absolute folder path, found "./fallbacks/"'),
  );
});
