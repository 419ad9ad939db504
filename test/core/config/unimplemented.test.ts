/**
 * Keys that do nothing are named at start: a key not implemented yet when the file gives it another value than
 * its default (the default is what the service does), a key kept only so older files load whenever the file writes
 * it; a listed table is named once with the keys set under it. The plugins list their own keys.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CORE_UNIMPLEMENTED_KEYS, configFromObject as coreConfigFromObject, definePluginConfig, unimplementedKeysOf } from '../../../core/config/index.ts';
import { bundledPluginConfigs, configFromObject } from '../../helpers/config.ts';
import { unimplementedWarnings } from '../../../core/config/unimplemented.ts';
import { pluginInvalidOf } from './expect-config-error.ts';

const warningsOf = (file: Record<string, unknown>): string[] => configFromObject(file, 'c.toml').warnings;

describe('keys that do nothing yet', () => {
  const spec = definePluginConfig({ keys: { showcase: { radius: 5, glow: false } }, unimplemented: { 'showcase.glow': { status: 'unimplemented', reason: 'no glow yet' } } });
  const warningsWith = (file: Record<string, unknown>): readonly string[] => coreConfigFromObject(file, 'c.toml', [{ source: 'showcase', config: spec }]).warnings;

  test('left out, or written with their default, they are not mentioned', () => {
    assert.deepEqual(warningsOf({}), []);
    assert.deepEqual(warningsWith({}), []);
    assert.deepEqual(warningsWith({ showcase: { glow: false, radius: 7 } }), []);
  });

  test('given another value, each is named with why it does nothing', () => {
    assert.deepEqual(warningsWith({ showcase: { glow: true } }), ['c.toml: showcase.glow is set but does nothing yet: no glow yet']);
  });

  test('no bundled key is in that state: every key the example documents does something', () => {
    const listed = Object.entries(unimplementedKeysOf(bundledPluginConfigs())).filter(([, key]) => key.status === 'unimplemented');
    assert.deepEqual(listed, []);
    assert.deepEqual(warningsOf({ weather: { show_altered_creatures: true, show_altered_creatures_static_map: true, enable_forecast: true }, pvp: { filter_by_track: true } }), []);
  });

  test('a listed table is named once, with the keys set under it', () => {
    const defaults = { remote: { host: '', port: 0, user: '' } };
    const keys = { remote: { status: 'unimplemented' as const, reason: 'no remote yet' } };
    const given = { remote: { host: 'db', port: 3307 } };
    assert.deepEqual(unimplementedWarnings(given, { remote: { ...defaults.remote, ...given.remote } }, defaults, keys, 'c.toml'), [
      'c.toml: [remote] (host, port) is set but does nothing yet: no remote yet',
    ]);
    assert.deepEqual(unimplementedWarnings({}, defaults, defaults, keys, 'c.toml'), []);
  });
});

describe('keys kept only so older files load', () => {
  test('named as ignored whenever the file writes them, default or not, with what to do instead', () => {
    const { config, warnings } = configFromObject({ tuning: { worker_pool_size: 4, batch_size: 100, flush_interval_millis: 100 }, general: { environment: 'production' } }, 'c.toml');
    assert.deepEqual(warnings, [
      'c.toml: general.environment ignored: nothing depends on it (the previous generation did not read it either)',
      'c.toml: tuning.worker_pool_size ignored: one pool of [tuning] concurrent_matched_processors workers matches, enriches and renders the webhooks; set that instead',
      'c.toml: tuning.batch_size ignored: webhooks are queued item by item as each request arrives, never in batches',
      'c.toml: tuning.flush_interval_millis ignored: webhooks are queued item by item as each request arrives: there is no batch to flush',
    ]);
    assert.equal(config.tuning.concurrent_matched_processors, 10, 'worker_pool_size does not stand in for it');
  });

  test('still checked: a wrong value stops the start as for any key', () => {
    assert.throws(() => configFromObject({ tuning: { batch_size: 'many' } }), /tuning\.batch_size must be an integer/);
  });
});

describe('the list', () => {
  test('is the core\'s entries and every plugin\'s', () => {
    const spec = definePluginConfig({ keys: { showcase: { radius: 5, glow: false } }, unimplemented: { 'showcase.glow': { status: 'unimplemented', reason: 'no glow yet' } } });
    const keys = unimplementedKeysOf([{ source: 'showcase', config: spec }]);
    assert.deepEqual(keys['showcase.glow'], { status: 'unimplemented', reason: 'no glow yet' });
    assert.equal(keys['tuning.batch_size'], CORE_UNIMPLEMENTED_KEYS['tuning.batch_size']);
    const { warnings } = coreConfigFromObject({ showcase: { glow: true } }, 'c.toml', [{ source: 'showcase', config: spec }]);
    assert.deepEqual(warnings, ['c.toml: showcase.glow is set but does nothing yet: no glow yet']);
  });

  test('a plugin may list only keys it declares', () => {
    const spec = definePluginConfig({ keys: { showcase: { radius: 5 } } });
    const listing = { ...spec, unimplemented: { 'general.locale': { status: 'ignored' as const, reason: 'mine' } } };
    assert.match(pluginInvalidOf(() => unimplementedKeysOf([{ source: 'showcase', config: listing }])), /plugin module "showcase": an unimplemented entry for general\.locale, which it does not declare/);
  });
});
