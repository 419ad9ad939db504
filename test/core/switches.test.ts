/**
 * A plugin declaring a switch of its own (`disable_showcase`) and a shared one for one of its webhook types
 * (`disable_stop` for `stop_sighting`): the config accepts and defaults the keys, the pipeline skips what they
 * cover, the command registry and the API's served tables refuse new rules once every webhook type is off, and
 * poracleWeb's disabledHooks lists the names previous-generation clients know the switches by.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { definePluginConfig, type Config } from '../../core/config/index.ts';
import type { AnyAlertPlugin, DeliveryJob, Plugin } from '../../core/contract.ts';
import { commandRegistryFor } from '../../core/commands/wiring.ts';
import { GameData } from '../../core/gamedata/game-data.ts';
import { clientConfigRoutes } from '../../core/http/api/client-config.ts';
import { servedTables, writableTable } from '../../core/http/api/tracking/served.ts';
import type { TrackingApiDeps } from '../../core/http/api/tracking/deps.ts';
import { createMetrics } from '../../core/metrics/metrics.ts';
import { DedupeCache } from '../../core/pipeline/dedupe-cache.ts';
import { createHookCaller } from '../../core/pipeline/hook-call.ts';
import { Pipeline } from '../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../core/registry.ts';
import { buildSnapshot } from '../../core/state/snapshot.ts';
import { clientNamesOff, isDisabledFor, isSwitchedOff, switchReader, undeclaredSwitches } from '../../core/switches.ts';
import { jsonRenderer } from '../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, buildSightingIndex, sightingPlugin } from '../fixtures/sighting-plugin.ts';
import { configFromObject } from '../helpers/config.ts';
import { captureLog } from '../helpers/log-capture.ts';

const SHOWCASE_CONFIG = definePluginConfig({
  keys: {},
  disableSwitches: [
    { key: 'disable_showcase', clientNames: ['showcase'] },
    { key: 'disable_stop', webhookTypes: ['stop_sighting'], clientNames: ['pokestop'] },
  ],
});
const SHOWCASE_SOURCE = [{ source: 'showcase', config: SHOWCASE_CONFIG }];

function showcasePlugin(): AnyAlertPlugin {
  const base = sightingPlugin() as unknown as AnyAlertPlugin;
  return {
    ...base,
    webhookTypes: ['sighting', 'stop_sighting'],
    disableSwitches: SHOWCASE_CONFIG.disableSwitches,
    commands: [{ name: 'showcase', run: async () => [] }],
    trackingTables: [{ table: SIGHTING_TABLE, api: { type: 'showcase', draft: () => [] } }],
  };
}

function configWith(general: Record<string, unknown>): Config {
  const { config, warnings } = configFromObject({ general }, 'switches.toml', SHOWCASE_SOURCE);
  assert.deepEqual(warnings, []);
  return config;
}

function pipelineOf(config: Config) {
  const log = captureLog().log;
  const metrics = createMetrics({ collectProcess: false });
  const registry = PluginRegistry.create([showcasePlugin() as Plugin]);
  const snapshot = buildSnapshot({ humans: [], profiles: [], locations: [], tables: new Map([[SIGHTING_TABLE, []]]) }, 1, [{ plugin: 'sighting', build: buildSightingIndex }], Date.now());
  const jobs: DeliveryJob[] = [];
  const pipeline = new Pipeline({
    registry,
    snapshot: () => snapshot,
    renderer: jsonRenderer,
    dispatcher: { dispatch: (job) => void jobs.push(job), drain: async () => undefined },
    switches: switchReader(config),
    defaultLanguage: 'en',
    dedupe: new DedupeCache(60_000),
    hooks: createHookCaller(log, metrics),
    log,
    metrics,
    now: Date.now,
  });
  return { pipeline, metrics };
}

async function rejectedAsDisabled(config: Config, type: string): Promise<number> {
  const { pipeline, metrics } = pipelineOf(config);
  await pipeline.process({ type, message: { id: `${type}-1`, species: 25 }, meta: { eventId: 'e1', webhookType: type, receivedAt: Date.now() } });
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'lookout_webhooks_rejected_total');
  return metric?.values.find((v) => v.labels.reason === 'disabled')?.value ?? 0;
}

function registryFor(config: Config) {
  const registry = PluginRegistry.create([showcasePlugin() as Plugin]);
  const isOn = switchReader(config);
  const served = servedTables(registry, isOn);
  return { registry, isOn, served, deps: { tables: () => served } as unknown as TrackingApiDeps };
}

async function disabledHooks(config: Config): Promise<unknown> {
  const registry = PluginRegistry.create([showcasePlugin() as Plugin]);
  const routes = clientConfigRoutes({
    config,
    gameData: () => GameData.empty(),
    alertTypes: () => [],
    platformPrefixes: () => ({}),
    templatePlatforms: () => [],
    templates: {},
    disableSwitches: registry.alertPlugins.flatMap((p) => p.disableSwitches ?? []),
    version: '1',
  });
  const route = routes.find((r) => r.path === '/config/poracleWeb');
  const body = (await route?.handler({ params: {}, query: {}, body: undefined })) as { disabledHooks: unknown };
  return body.disabledHooks;
}

describe('disable switches declared by a plugin', () => {
  test('are [general] keys of the merged schema: default false, booleans, wrong values refused with their path', () => {
    const config = configWith({});
    assert.equal(switchReader(config)('disable_showcase'), false);
    assert.equal(switchReader(configWith({ disable_showcase: true }))('disable_showcase'), true);
    assert.throws(() => configFromObject({ general: { disable_showcase: 'yes' } }, 'x.toml', SHOWCASE_SOURCE), /x\.toml: general\.disable_showcase must be a boolean/);
    const without = configFromObject({ general: { disable_showcase: true } }, 'x.toml');
    assert.deepEqual(without.warnings, ['x.toml: unknown key "general.disable_showcase" ignored']);
    assert.deepEqual(undeclaredSwitches([showcasePlugin()], without.config), ['disable_showcase']);
    assert.deepEqual(undeclaredSwitches([showcasePlugin()], config), []);
  });

  test('the pipeline skips the webhook types a switch that is on covers, and only those', async () => {
    assert.equal(await rejectedAsDisabled(configWith({}), 'sighting'), 0);
    assert.equal(await rejectedAsDisabled(configWith({ disable_showcase: true }), 'sighting'), 1);
    assert.equal(await rejectedAsDisabled(configWith({ disable_stop: true }), 'stop_sighting'), 1);
    assert.equal(await rejectedAsDisabled(configWith({ disable_stop: true }), 'sighting'), 0);
  });

  test('a plugin switched off for every webhook type: its commands are switched off and the API refuses new rules', () => {
    const off = registryFor(configWith({ disable_showcase: true }));
    assert.equal(isSwitchedOff(off.registry.alertPlugins[0]!, off.isOn), true);
    assert.equal(commandRegistryFor(off.registry, configWith({ disable_showcase: true })).lookup('showcase').kind, 'switched-off');
    assert.equal(off.served[0]?.switchedOff, true);
    assert.throws(() => writableTable(off.deps, 'showcase'), /type: showcase alerts are switched off on this server/);

    const partly = registryFor(configWith({ disable_stop: true }));
    const plugin = partly.registry.alertPlugins[0]!;
    assert.equal(isDisabledFor(plugin, 'stop_sighting', partly.isOn), true);
    assert.equal(isSwitchedOff(plugin, partly.isOn), false);
    assert.equal(commandRegistryFor(partly.registry, configWith({ disable_stop: true })).lookup('showcase').kind, 'command');
    assert.equal(writableTable(partly.deps, 'showcase').table, SIGHTING_TABLE);
  });

  test('a plugin reading no webhooks is off only when a switch of its own is on', () => {
    const quiet = { ...(registryFor(configWith({})).registry.alertPlugins[0]!), webhookTypes: [] };
    assert.equal(isSwitchedOff(quiet, () => false), false);
    assert.equal(isSwitchedOff(quiet, (key) => key === 'disable_stop'), false, 'a switch limited to webhook types it does not read');
    assert.equal(isSwitchedOff(quiet, (key) => key === 'disable_showcase'), true);
  });

  test('client-config reports the client names of the switches that are on, each once, sorted', async () => {
    assert.deepEqual(await disabledHooks(configWith({})), []);
    assert.deepEqual(await disabledHooks(configWith({ disable_showcase: true, disable_stop: true })), ['pokestop', 'showcase']);
    const specs = [...SHOWCASE_CONFIG.disableSwitches, { key: 'disable_stop', clientNames: ['quest', 'pokestop'] }];
    assert.deepEqual(clientNamesOff(specs, (key) => key === 'disable_stop'), ['pokestop', 'quest']);
  });
});
