/**
 * The test helper's shortcut holds: the config specs test/helpers/config.ts reads from the plugin folders'
 * config.ts files are exactly the specs the loader collects from the plugin modules' `config` exports, in the
 * same order and under the same names.
 */
import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { importPluginModules, pluginConfigSources } from '../../../core/plugin-loader.ts';
import { bundledPluginConfigs } from '../../helpers/config.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

test("the bundled plugins' config specs in the test helper are the ones the loader collects", async () => {
  const loaded = pluginConfigSources(await importPluginModules(REPO_ROOT));
  const helper = bundledPluginConfigs();
  assert.deepEqual(helper.map((s) => s.source), loaded.map((s) => s.source));
  for (const [i, spec] of loaded.entries()) assert.equal(helper[i]?.config, spec.config, `${spec.source}: the same spec object`);
});
