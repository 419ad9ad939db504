/**
 * The discord plugin module: no plugin when [discord] is disabled or has no token, otherwise the platform with
 * the configured prefix and concurrency, found by the plugin loader and accepted by the registry; the API
 * address is normalised for discord.js.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { configFromObject } from '../../helpers/config.ts';
import type { PlatformPlugin, PluginSetup } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { findPluginEntries, loadPluginModule } from '../../../core/plugin-loader.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import discordPlatform from '../../../platforms/discord/index.ts';
import { discordSettings, restApiBase } from '../../../platforms/discord/settings.ts';

function setupWith(discord: Record<string, unknown>, tuning: Record<string, unknown> = {}): PluginSetup {
  const { config } = configFromObject({ discord, tuning }, 'test');
  return { config, rootDir: '.', log: silentLogger() } as unknown as PluginSetup;
}

function entry(): string {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const found = findPluginEntries(root).find((file) => file.endsWith(join('platforms', 'discord', 'index.ts')));
  assert.ok(found);
  return found;
}

describe('discord platform module', () => {
  test('disabled, or enabled without a token: the module exports no plugin', async () => {
    assert.deepEqual(await discordPlatform(setupWith({ enabled: false, token: ['abc'] })), []);
    assert.deepEqual(await discordPlatform(setupWith({ enabled: true, token: [] })), []);
    assert.deepEqual(await discordPlatform(setupWith({ enabled: true, token: ['  '] })), []);
    assert.deepEqual(await loadPluginModule(entry(), setupWith({ enabled: false })), []);
  });

  test('enabled with a token: the loader finds the platform and the registry routes discord targets to it', async () => {
    const loaded = await loadPluginModule(entry(), setupWith({ enabled: true, token: 'abc', prefix: '?' }, { concurrent_discord_destinations: 3 }));
    assert.equal(loaded.length, 1);
    const platform = loaded[0] as PlatformPlugin;
    try {
      assert.equal(platform.name, 'discord');
      assert.equal(platform.commandPrefix, '?');
      assert.equal(platform.concurrency, 3);
      const registry = PluginRegistry.create([platform]);
      for (const type of ['discord:user', 'discord:channel', 'discord:thread']) assert.equal(registry.platformForTarget(type)?.name, 'discord');
    } finally {
      await platform.stop?.();
    }
  });

  test('settings come from [discord] and [tuning]', () => {
    const settings = discordSettings(setupWith({ enabled: true, token: [' a ', 'b'], admins: ['1'], channels: ['2'], api_url: 'http://127.0.0.1:9/api/v10/' }, { concurrent_discord_destinations: 4 }).config);
    assert.ok(settings);
    assert.deepEqual(settings.tokens, ['a', 'b']);
    assert.equal(settings.apiUrl, 'http://127.0.0.1:9/api');
    assert.deepEqual([...settings.admins], ['1']);
    assert.deepEqual([...settings.registrationChannels], ['2']);
    assert.equal(settings.concurrency, 4);
    assert.equal(settings.prefix, '!');
  });

  test('the API address loses a trailing slash and version: discord.js appends /v10 itself', () => {
    assert.equal(restApiBase('https://discord.com/api'), 'https://discord.com/api');
    assert.equal(restApiBase('https://discord.com/api/'), 'https://discord.com/api');
    assert.equal(restApiBase('http://127.0.0.1:1234/api/v10'), 'http://127.0.0.1:1234/api');
  });
});
