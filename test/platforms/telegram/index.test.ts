/**
 * The telegram plugin module: nothing without `[telegram] enabled` and a token; otherwise the platform with the
 * target types, templates, concurrency and prefix the configuration gives.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { configFromObject, defaultConfig } from '../../helpers/config.ts';
import { TELEGRAM_CONFIG } from '../../../platforms/telegram/config.ts';
import type { PluginSetup } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { findPluginEntries, loadPluginModule } from '../../../core/plugin-loader.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import telegramPlatform from '../../../platforms/telegram/index.ts';

function setupWith(config: Record<string, unknown>): PluginSetup {
  return { config: configFromObject(config, 'test').config, rootDir: '.', log: silentLogger() } as unknown as PluginSetup;
}

const entry = () => findPluginEntries(fileURLToPath(new URL('../../../', import.meta.url))).find((e) => /platforms[/\\]telegram[/\\]index\.(ts|js)$/.test(e))!;

describe('telegram plugin module', () => {
  test('disabled, or enabled without a token: the module contributes no plugin', async () => {
    assert.deepEqual(await telegramPlatform(setupWith({})), []);
    assert.deepEqual(await telegramPlatform(setupWith({ telegram: { enabled: false, token: '1:abc' } })), []);
    assert.deepEqual(await telegramPlatform(setupWith({ telegram: { enabled: true, token: '' } })), []);
    assert.deepEqual(await loadPluginModule(entry(), setupWith({})), []);
  });

  test('enabled with a token: the telegram platform, found by the loader and accepted by the registry', async () => {
    const setup = setupWith({ telegram: { enabled: true, token: '1:abc', api_root: 'http://127.0.0.1:9' }, tuning: { concurrent_telegram_destinations: 3 } });
    const plugins = await loadPluginModule(entry(), setup);
    assert.equal(plugins.length, 1);
    const plugin = plugins[0];
    if (plugin?.kind !== 'platform') return assert.fail('expected a platform plugin');
    assert.equal(plugin.name, 'telegram');
    assert.deepEqual(plugin.targetTypes, ['telegram:user', 'telegram:channel', 'telegram:group', 'telegram:topic']);
    assert.equal(plugin.templatePlatform, 'telegram');
    assert.equal(plugin.concurrency, 3);
    assert.equal(plugin.commandPrefix, '/');
    const registry = PluginRegistry.create([plugin]);
    for (const type of plugin.targetTypes) assert.equal(registry.platformForTarget(type)?.name, 'telegram');
  });

  test('the membership keys: defaults, [chat_b] as [telegram], an interval under an hour refused', () => {
    assert.deepEqual(TELEGRAM_CONFIG.read(defaultConfig()).telegram, { check_role: false, check_role_interval: 6, bot_goodbye_message: '', command_token: '', upload_images: false });
    const { config } = configFromObject({ chat_b: { check_role: true, check_role_interval: 2, bot_goodbye_message: 'bye' } }, 'test');
    assert.deepEqual(TELEGRAM_CONFIG.read(config).telegram, { check_role: true, check_role_interval: 2, bot_goodbye_message: 'bye', command_token: '', upload_images: false });
    assert.throws(() => configFromObject({ telegram: { check_role_interval: 0 } }, 'test'), /check_role_interval/);
  });
});
