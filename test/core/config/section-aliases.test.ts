/**
 * Section aliases come from the plugins' config specs: the bundled platforms declare the spec's neutral names,
 * a spec's alias is folded into its section (also under [reconciliation]), and bad or contradictory aliases are
 * refused with the plugin named.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromObject, definePluginConfig, type PluginConfigSource } from '../../../core/config/index.ts';
import { sectionAliasesOf } from '../../../core/config/plugin-schema.ts';
import { bundledPluginConfigs } from '../../helpers/config.ts';
import { pluginInvalidOf } from './expect-config-error.ts';

function aliasing(source: string, sectionAliases: Record<string, string>): PluginConfigSource {
  return { source, config: definePluginConfig({ keys: {}, sectionAliases }) };
}

function refusal(plugins: readonly PluginConfigSource[]): string {
  return pluginInvalidOf(() => sectionAliasesOf(plugins));
}

describe('section aliases', () => {
  test('the neutral chat section names are declared by the discord and telegram platform modules', () => {
    const declared = bundledPluginConfigs().flatMap(({ source, config }) => Object.entries(config.sectionAliases).map(([alias, section]) => [source, alias, section]));
    assert.deepEqual(declared.sort(), [['discord', 'chat_a', 'discord'], ['telegram', 'chat_b', 'telegram']]);
    assert.deepEqual([...sectionAliasesOf(bundledPluginConfigs())].sort(), [['chat_a', 'discord'], ['chat_b', 'telegram']]);
  });

  test('without the platform modules the neutral names are no aliases: they are unknown sections', () => {
    const { config, warnings } = configFromObject({ chat_a: { prefix: '?' } }, 'c.toml');
    assert.equal(config.discord.prefix, '!');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /chat_a/);
  });

  test("a spec's alias is read as its section, at the top level and under [reconciliation]", () => {
    const { config, warnings } = configFromObject({ room_a: { prefix: '?' }, reconciliation: { room_a: { register_new_users: true } } }, 'c.toml', [aliasing('matrixish', { room_a: 'discord' })]);
    assert.deepEqual(warnings, []);
    assert.equal(config.discord.prefix, '?');
    assert.equal(config.reconciliation.discord.register_new_users, true);
  });

  test('bad, core-named, contradictory and chained aliases are refused, naming the plugin', () => {
    assert.match(refusal([aliasing('x', { 'Chat-A': 'discord' })]), /plugin module "x": section alias "Chat-A" must match/);
    assert.match(refusal([aliasing('x', { general: 'discord' })]), /plugin module "x": section alias "general" is a core section/);
    assert.match(refusal([aliasing('x', { room: 'discord' }), aliasing('y', { room: 'telegram' })]), /plugin module "y": section alias "room" already stands for \[discord\] \(declared by "x"\)/);
    assert.match(refusal([aliasing('x', { room: 'hall' }), aliasing('y', { hall: 'matrix' })]), /section alias "hall" is the name of an aliased section/);
    assert.deepEqual([...sectionAliasesOf([aliasing('x', { room: 'discord' }), aliasing('y', { room: 'discord' })])], [['room', 'discord']]);
  });
});
