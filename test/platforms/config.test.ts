/**
 * The platforms' [tuning] keys are declared by their modules (platforms/<name>/config.ts): defaulted and checked
 * through them when the file is validated with the bundled modules, read back typed, and unknown to the core alone.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromObject as coreConfigFromObject } from '../../core/config/index.ts';
import { DISCORD_CONFIG } from '../../platforms/discord/config.ts';
import { TELEGRAM_CONFIG } from '../../platforms/telegram/config.ts';
import { WEBHOOK_CONFIG } from '../../platforms/webhook/config.ts';
import { configErrorOf } from '../core/config/expect-config-error.ts';
import { bundledPluginConfigs, configFromObject, defaultConfig } from '../helpers/config.ts';

const KEYS = [
  ['discord', 'concurrent_discord_destinations'],
  ['telegram', 'concurrent_telegram_destinations'],
  ['webhook', 'concurrent_discord_webhooks'],
] as const;

describe('platform config keys', () => {
  test('each concurrency key is declared by its platform module', () => {
    for (const [source, key] of KEYS) {
      const declared = bundledPluginConfigs().filter(({ config }) => Object.hasOwn(config.keys.tuning ?? {}, key));
      assert.deepEqual(declared.map((d) => d.source), [source], key);
    }
  });

  test('defaulted through the modules and read back typed', () => {
    const config = defaultConfig();
    assert.equal(DISCORD_CONFIG.read(config).tuning.concurrent_discord_destinations, 10);
    assert.equal(TELEGRAM_CONFIG.read(config).tuning.concurrent_telegram_destinations, 10);
    assert.equal(WEBHOOK_CONFIG.read(config).tuning.concurrent_discord_webhooks, 10);
    const set = configFromObject({ tuning: { concurrent_discord_destinations: 3, concurrent_telegram_destinations: 4, concurrent_discord_webhooks: 5 } }).config;
    assert.equal(DISCORD_CONFIG.read(set).tuning.concurrent_discord_destinations, 3);
    assert.equal(TELEGRAM_CONFIG.read(set).tuning.concurrent_telegram_destinations, 4);
    assert.equal(WEBHOOK_CONFIG.read(set).tuning.concurrent_discord_webhooks, 5);
  });

  test("checked by the module's rule, reported with the key's path", () => {
    for (const [, key] of KEYS) {
      const err = configErrorOf(() => configFromObject({ tuning: { [key]: 0 } }, 'c.toml'));
      assert.match(err.message, new RegExp(`^c\\.toml: tuning\\.${key} `));
      configErrorOf(() => configFromObject({ tuning: { [key]: 'ten' } }, 'c.toml'));
    }
  });

  test('without the platform modules the keys are unknown to the core (warned, not read)', () => {
    const { warnings } = coreConfigFromObject({ tuning: { concurrent_discord_webhooks: 7 } }, 'c.toml');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /tuning\.concurrent_discord_webhooks/);
  });
});
