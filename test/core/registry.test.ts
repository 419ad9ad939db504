import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Plugin } from '../../core/contract.ts';
import { isLookoutError } from '../../core/errors.ts';
import { PluginRegistry } from '../../core/registry.ts';
import { sightingPlugin } from '../fixtures/sighting-plugin.ts';
import { recordingPlatform } from '../fixtures/recording-platform.ts';
import { migratingSightingPlugin, SIGHTING_MIGRATIONS, SIGHTING_NOTES_TABLE } from '../fixtures/sighting-migrations.ts';

function problemsOf(plugins: readonly unknown[]): string {
  try {
    PluginRegistry.create(plugins as Plugin[]);
  } catch (err) {
    assert.ok(isLookoutError(err) && err.code === 'PLUGIN_INVALID');
    return err.message;
  }
  assert.fail('registration should have failed');
}

describe('plugin registry', () => {
  test('routes webhook types to alert plugins and target types to platforms', () => {
    const platform = recordingPlatform().plugin;
    const registry = PluginRegistry.create([sightingPlugin() as unknown as Plugin, platform]);
    assert.deepEqual(registry.pluginsForWebhook('sighting').map((p) => p.name), ['sighting']);
    assert.deepEqual(registry.pluginsForWebhook('pokemon'), []);
    assert.equal(registry.platformForTarget('webhook'), platform);
    assert.deepEqual(registry.trackingTables(), [{ table: 'test_sightings', blockKind: 'monster', plugin: 'sighting' }]);
  });

  test('several plugins may share one webhook type', () => {
    const a = { ...sightingPlugin({ name: 'a' }), alertTypes: ['a'], trackingTables: [] };
    const b = { ...sightingPlugin({ name: 'b' }), alertTypes: ['b'], trackingTables: [] };
    const registry = PluginRegistry.create([a, b] as unknown as Plugin[]);
    assert.deepEqual(registry.pluginsForWebhook('sighting').map((p) => p.name), ['a', 'b']);
  });

  test('refuses an unknown hook name, naming plugin and hook', () => {
    const message = problemsOf([{ ...sightingPlugin(), render: () => null }]);
    assert.match(message, /plugin "sighting": unknown member "render"/);
  });

  test('refuses a hook that is not a function and a missing required hook', () => {
    const { match: _match, ...withoutMatch } = sightingPlugin();
    assert.match(problemsOf([{ ...sightingPlugin(), parse: 'nope' }]), /"parse" must be a function/);
    assert.match(problemsOf([withoutMatch]), /missing "match"/);
  });

  test('an alert plugin without webhook types needs no parse/match (e.g. a greeting)', () => {
    const registry = PluginRegistry.create([{ kind: 'alert', name: 'greeting', webhookTypes: [], alertTypes: ['greeting'] }] as unknown as Plugin[]);
    assert.equal(registry.alertPlugins.length, 1);
  });

  test('refuses bad names, duplicate names, malformed disable switches and missing dependencies', () => {
    assert.match(problemsOf([{ ...sightingPlugin(), name: 'Bad Name' }]), /name must match/);
    assert.match(problemsOf([sightingPlugin(), sightingPlugin()]), /plugin name "sighting" is registered twice/);
    assert.match(problemsOf([{ ...sightingPlugin(), disableSwitches: [{ key: 'everything' }] }]), /"disableSwitches" must be an array of \{ key, webhookTypes\?, clientNames\? \} \(key matching/);
    assert.match(problemsOf([{ ...sightingPlugin(), disableSwitches: [{ key: 'disable_Caps' }] }]), /"disableSwitches" must be/);
    assert.match(problemsOf([{ ...sightingPlugin(), disableSwitches: [{ key: 'disable_ok', clientNames: [''] }] }]), /"disableSwitches" must be/);
    assert.match(problemsOf([{ ...sightingPlugin(), disableSwitch: 'disable_creature' }]), /unknown member "disableSwitch"/);
    assert.match(problemsOf([{ ...sightingPlugin(), dependencies: ['geo'] }]), /depends on "geo", which is not registered/);
  });

  test('refuses two plugins claiming one tracking table, two platforms claiming one target type', () => {
    const a = sightingPlugin({ name: 'a' });
    const b = { ...sightingPlugin({ name: 'b' }), alertTypes: ['other'] };
    assert.match(problemsOf([a, b]), /table "test_sightings" is claimed by more than one plugin/);
    assert.match(problemsOf([recordingPlatform({ name: 'x' }).plugin, recordingPlatform({ name: 'y' }).plugin]), /target type "webhook" is claimed by more than one platform/);
  });

  test('a plugin may declare its migrations (numbered 1, 2, 3…) and its tables of per-human rows', () => {
    const registry = PluginRegistry.create([migratingSightingPlugin() as unknown as Plugin]);
    assert.deepEqual(registry.humanTables(), [SIGHTING_NOTES_TABLE]);
    assert.match(problemsOf([migratingSightingPlugin([SIGHTING_MIGRATIONS[1]!])]), /plugin "sighting": "migrations" must be an array of \{ version, name, up \} numbered 1, 2, 3… in order .*entry 1 has version 2/);
    assert.match(problemsOf([{ ...sightingPlugin(), migrations: 'later' }]), /"migrations" must be an array/);
    assert.match(problemsOf([{ ...sightingPlugin(), humanTables: [''] }]), /"humanTables" must be an array of non-empty strings/);
    const other = { ...sightingPlugin({ name: 'other' }), alertTypes: ['other'], trackingTables: [], humanTables: [SIGHTING_NOTES_TABLE] };
    assert.match(problemsOf([migratingSightingPlugin(), other]), /table "test_sighting_notes" is claimed by more than one plugin/);
  });

  test('a tracking table may carry a title for `tracked`; it must be a non-empty string', () => {
    const titled = { ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', title: 'Sightings' }] };
    assert.deepEqual(PluginRegistry.create([titled as unknown as Plugin]).trackingTables(), [{ table: 'test_sightings', title: 'Sightings', plugin: 'sighting' }]);
    assert.match(problemsOf([{ ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', title: '' }] }]), /"trackingTables" must be an array of \{ table, blockKind\?, title\?, api\?/);
    assert.match(problemsOf([{ ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', title: 7 }] }]), /"trackingTables" must be an array/);
  });

  test('a tracking table may be served by the API under a lower-case type name no other table claims', () => {
    const api = { type: 'sighting', aliases: ['seen'], draft: () => [] };
    const served = { ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', api }] };
    assert.equal(PluginRegistry.create([served as unknown as Plugin]).trackingTables()[0]!.api, api);
    assert.match(problemsOf([{ ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', api: { type: 'Sighting', draft: () => [] } }] }]), /"trackingTables" must be/);
    assert.match(problemsOf([{ ...sightingPlugin(), trackingTables: [{ table: 'test_sightings', api: { type: 'sighting' } }] }]), /"trackingTables" must be/);
    const other = { ...sightingPlugin({ name: 'b' }), alertTypes: ['other'], trackingTables: [{ table: 'other_sightings', api: { type: 'seen', draft: () => [] } }] };
    assert.match(problemsOf([served, other]), /tracking API type "seen" is claimed by more than one table/);
  });

  test('refuses a member that is not in the member table, and a member of the wrong shape, like any other', () => {
    assert.match(problemsOf([{ ...sightingPlugin(), toString: () => 'x' }]), /unknown member "toString"/);
    assert.match(problemsOf([{ ...sightingPlugin(), webhookTypes: 'sighting' }]), /"webhookTypes" must be an array of non-empty strings/);
    assert.match(problemsOf([{ ...recordingPlatform().plugin, deliver: undefined }]), /plugin "recorder": missing "deliver"/);
    assert.match(problemsOf([{ ...recordingPlatform().plugin, concurrency: 0, parse: () => null }]), /"concurrency" must be a positive integer[\s\S]*unknown member "parse"/);
  });

  test('orders plugins by their dependencies, otherwise by name, and every list it gives keeps that order', () => {
    const plugin = (name: string, dependencies: string[] = []) => ({ ...sightingPlugin({ name }), alertTypes: [name], trackingTables: [{ table: `t_${name}` }], dependencies });
    const platform = (name: string, targetType: string, dependencies: string[] = []) => ({ ...recordingPlatform({ name, targetTypes: [targetType] }).plugin, dependencies });
    const registry = PluginRegistry.create([plugin('zulu'), plugin('alpha', ['mike']), plugin('mike'), platform('relay', 'relay', ['base']), platform('base', 'base')] as unknown as Plugin[]);
    assert.deepEqual(registry.plugins.map((p) => p.name), ['base', 'mike', 'alpha', 'relay', 'zulu']);
    assert.deepEqual(registry.alertPlugins.map((p) => p.name), ['mike', 'alpha', 'zulu']);
    assert.deepEqual(registry.platforms.map((p) => p.name), ['base', 'relay']);
    assert.deepEqual(registry.pluginsForWebhook('sighting').map((p) => p.name), ['mike', 'alpha', 'zulu']);
    assert.deepEqual(registry.trackingTables().map((t) => t.table), ['t_mike', 't_alpha', 't_zulu']);
  });

  test('refuses a dependency cycle, naming it', () => {
    const plugin = (name: string, dependencies: string[]) => ({ ...sightingPlugin({ name }), alertTypes: [name], trackingTables: [], dependencies });
    const message = problemsOf([plugin('a', ['b']), plugin('b', ['a'])]);
    assert.match(message, /plugins depend on each other in a cycle: a → b → a/);
  });

  test('lists every problem at once', () => {
    const message = problemsOf([{ ...sightingPlugin(), parse: 1, extra: true }]);
    assert.match(message, /"parse" must be a function/);
    assert.match(message, /unknown member "extra"/);
  });
});
