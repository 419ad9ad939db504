/**
 * Config keys contributed by plugins: merged into the schema, defaulted, checked by their rules with their path,
 * unknown keys of a plugin's section warned about, read back typed; contradictory contributions refused; the
 * loader collects the specs before any factory runs.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { configFromObject, definePluginConfig, mergedConfigSpec, type PluginConfigSource } from '../../../core/config/index.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { buildPlugins, importPluginModules, pluginConfigSources } from '../../../core/plugin-loader.ts';
import { configErrorOf, pluginInvalidOf as pluginInvalid } from './expect-config-error.ts';

const SHOWCASE = definePluginConfig({
  keys: {
    showcase: { radius: 250, label: 'shown', tags: ['a'] as string[], loud: false },
    general: { showcase_everywhere: false },
  },
  rules: { 'showcase.radius': { kind: 'integer', min: 1, max: 1000 } },
  disableSwitches: [{ key: 'disable_showcase' }],
});
const SOURCES: readonly PluginConfigSource[] = [{ source: 'showcase', config: SHOWCASE }];

function plugin(source: string, keys: Record<string, Record<string, string | number | boolean>>, disableSwitches: { key: string }[] = []): PluginConfigSource {
  return { source, config: definePluginConfig({ keys, disableSwitches }) };
}

describe('plugin config keys', () => {
  test('are defaulted and read back with their types, in a new section and in a core one', () => {
    const { config, warnings } = configFromObject({}, 'empty.toml', SOURCES);
    assert.deepEqual(warnings, []);
    const values = SHOWCASE.read(config);
    const radius: number = values.showcase.radius;
    const tags: readonly string[] = values.showcase.tags;
    const everywhere: boolean = values.general.showcase_everywhere;
    assert.deepEqual([radius, tags, everywhere, values.showcase.label], [250, ['a'], false, 'shown']);
    assert.equal(config.general.locale, 'en');
    assert.equal(Object.isFrozen(values.showcase.tags), true);
  });

  test('given values are checked by the rule or the default\'s type and merged key by key', () => {
    const { config } = configFromObject({ showcase: { radius: 5, tags: ['b'] }, general: { showcase_everywhere: true } }, 'c.toml', SOURCES);
    assert.deepEqual(SHOWCASE.read(config).showcase, { radius: 5, label: 'shown', tags: ['b'], loud: false });
    assert.equal(SHOWCASE.read(config).general.showcase_everywhere, true);
  });

  test('a wrong value is refused with its path; an unknown key of a plugin section is warned about', () => {
    assert.equal(
      configErrorOf(() => configFromObject({ showcase: { radius: 0 } }, 'c.toml', SOURCES)).message,
      'c.toml: showcase.radius must be an integer from 1 to 1000; found integer 0',
    );
    assert.match(configErrorOf(() => configFromObject({ showcase: { loud: 'yes' } }, 'c.toml', SOURCES)).message, /^c\.toml: showcase\.loud must be a boolean/);
    assert.match(configErrorOf(() => configFromObject({ showcase: 'on' }, 'c.toml', SOURCES)).message, /^c\.toml: showcase must be a table/);
    const { warnings } = configFromObject({ showcase: { radius: 3, raduis: 4 } }, 'c.toml', SOURCES);
    assert.deepEqual(warnings, ['c.toml: unknown key "showcase.raduis" ignored (did you mean "showcase.radius"?)']);
  });

  test('without the plugin, its section is an unknown section and reading it is an internal error', () => {
    const { config, warnings } = configFromObject({ showcase: { radius: 3 } }, 'c.toml');
    assert.deepEqual(warnings, ['c.toml: unknown section [showcase] ignored']);
    assert.throws(() => SHOWCASE.read(config), (err: unknown) => isLookoutError(err) && err.code === 'INTERNAL' && /showcase\.radius is missing/.test(err.message));
  });

  test('contradictory contributions are refused naming the plugin; identical shared ones are merged', () => {
    assert.match(pluginInvalid(() => mergedConfigSpec([plugin('bad', { general: { locale: 'de' } })])), /plugin module "bad": config key general\.locale belongs to the core/);
    assert.match(
      pluginInvalid(() => mergedConfigSpec([plugin('one', { extra: { size: 1 } }), plugin('two', { extra: { size: 2 } })])),
      /plugin module "two": config key extra\.size is also declared by "one" with another default or rule/,
    );
    assert.match(pluginInvalid(() => mergedConfigSpec([plugin('sw', {}, [{ key: 'turn_off' }])])), /disable switch "turn_off" must match/);
    const typo = { source: 'typo', config: definePluginConfig({ keys: { extra: { size: 1 } }, rules: { 'extra.sise': { kind: 'boolean' } } as never }) };
    assert.match(pluginInvalid(() => mergedConfigSpec([typo])), /a rule for extra\.sise, which it does not declare/);
    const shared = mergedConfigSpec([plugin('one', {}, [{ key: 'disable_both' }]), plugin('two', { extra: { size: 1 } }, [{ key: 'disable_both' }])]);
    assert.equal((shared.defaults as { general: Record<string, unknown> }).general.disable_both, false);
  });
});

describe('plugin-loader: config specs before factories', () => {
  const root = mkdtempSync(join(tmpdir(), 'lookout-plugin-config-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const core = new URL('../../../core/config/index.ts', import.meta.url).href;

  test('importPluginModules collects the `config` export; the factory then gets a config validated with it', async () => {
    mkdirSync(join(root, 'plugins', 'showcase'), { recursive: true });
    writeFileSync(
      join(root, 'plugins', 'showcase', 'index.ts'),
      [
        `import { definePluginConfig } from ${JSON.stringify(core)};`,
        `export const config = definePluginConfig({ keys: { showcase: { radius: 250 } }, disableSwitches: [{ key: 'disable_showcase' }] });`,
        `export default (setup) => ({ kind: 'alert', name: 'showcase', webhookTypes: [], alertTypes: ['showcase'], radius: config.read(setup.config).showcase.radius });`,
      ].join('\n'),
    );
    const modules = await importPluginModules(root);
    const sources = pluginConfigSources(modules);
    assert.deepEqual(sources.map((s) => s.source), ['showcase']);
    const { config } = configFromObject({ showcase: { radius: 7 } }, 'c.toml', sources);
    const built = (await buildPlugins(modules, { config, rootDir: root, log: undefined as never, services: undefined as never })) as unknown as { radius: number }[];
    assert.equal(built[0]?.radius, 7);
  });

  test('a `config` export that does not come from definePluginConfig is refused', async () => {
    const dir = join(root, 'odd');
    mkdirSync(join(dir, 'plugins', 'odd'), { recursive: true });
    writeFileSync(join(dir, 'plugins', 'odd', 'index.ts'), `export const config = { radius: 1 };\nexport default { kind: 'alert', name: 'odd', webhookTypes: [], alertTypes: ['odd'] };\n`);
    await assert.rejects(importPluginModules(dir), (err: unknown) => isLookoutError(err) && err.code === 'PLUGIN_INVALID' && /"config" export must come from definePluginConfig/.test(err.message));
  });
});
