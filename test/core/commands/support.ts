/**
 * A command world for tests: real stores on a test database, the real command registry and handler, the
 * bundled DTS templates, a few geofences, a test alert plugin (the sighting plugin with a rules table that has
 * the override columns, a rule description and test data) and a chat platform named `chat`. Commands are sent
 * as IncomingCommand objects; nothing reaches a real chat platform.
 */
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { createCommandHandler } from '../../../core/commands/handler.ts';
import { createCommandServices } from '../../../core/commands/services.ts';
import type { TestCatalog } from '../../../core/commands/test-data.ts';
import type { LocaleTables } from '../../../core/commands/translate.ts';
import type { CommandDefinition, CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import { commandRegistryFor } from '../../../core/commands/wiring.ts';
import { configFromObject } from '../../helpers/config.ts';
import type { Config } from '../../../core/config/index.ts';
import type { CommandHandler } from '../../../core/commands/handler.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { definePlatformPlugin, type DescribeContext, type PlatformPlugin, type Plugin } from '../../../core/contract.ts';
import type { DbOptions } from '../../../core/db/index.ts';
import { TRACKING_TABLES } from '../../../core/db/index.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { GameData } from '../../../core/gamedata/index.ts';
import { buildGeofenceSet, type Fence } from '../../../core/geo/index.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import type { PipelineItem } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { createStores, type Stores } from '../../../core/state/watched-stores.ts';
import { recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, sightingColumns, sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';
import { fence } from '../../helpers/fences.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export { fence };

export const DEFAULT_FENCES = [fence('Harbour'), fence('North Park'), fence('Old Town'), fence('Hidden', { userSelectable: false })];

/** A platform `chat` (targets `chat:user`) keeping the handleCommand its start() receives; `fields` add to it. */
export function chatPlatform(fields: Partial<PlatformPlugin> = {}): { readonly plugin: PlatformPlugin; handle(): CommandHandler } {
  let handleCommand: CommandHandler | null = null;
  const plugin = definePlatformPlugin({
    kind: 'platform',
    name: 'chat',
    targetTypes: ['chat:user'],
    templatePlatform: 'discord',
    deliver: async () => ({ ok: true }),
    ...fields,
    async start(ctx) {
      handleCommand = (incoming) => ctx.handleCommand(incoming);
    },
  });
  return {
    plugin,
    handle() {
      if (!handleCommand) throw new Error('the platform was not started');
      return handleCommand;
    },
  };
}

/** The sighting plugin with a rule description and test data, for commands. */
export function describedSightingPlugin(): Plugin {
  const base = sightingPlugin();
  return {
    ...base,
    describeRule: (_table: string, row: TrackingRow, ctx: DescribeContext) => ctx.t('species {species}', { species: String(row.species) }),
    testData: {
      kind: 'sighting',
      webhooks: [
        { test: 'first', type: 'sighting', webhook: { id: 'sample-1', species: 25, disappear_time: 0, latitude: 1, longitude: 2 } },
        { test: 'kept', type: 'sighting', location: 'keep', webhook: { id: 'sample-2', species: 7, latitude: 5, longitude: 6 } },
      ],
    },
  } as unknown as Plugin;
}

export async function createSightingTable(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(SIGHTING_TABLE)) return;
  await knex.schema.createTable(SIGHTING_TABLE, (t) => {
    sightingColumns(t);
    t.integer('distance').notNullable().defaultTo(0);
    t.string('override_location_label', 64).nullable();
    t.text('override_areas').nullable();
  });
}

/** A DTS root holding the bundled templates (help, greeting…). */
let dtsRoot: string | null = null;
function bundledDtsRoot(): string {
  if (dtsRoot) return dtsRoot;
  const root = mkdtempSync(join(tmpdir(), 'lookout-commands-dts-'));
  mkdirSync(join(root, 'fallbacks'));
  cpSync(join(REPO_ROOT, 'fallbacks/dts.json'), join(root, 'fallbacks/dts.json'));
  cpSync(join(REPO_ROOT, 'fallbacks/partials.json'), join(root, 'fallbacks/partials.json'));
  dtsRoot = root;
  return root;
}

export interface WorldOptions {
  readonly config?: Record<string, unknown>;
  readonly fences?: readonly Fence[];
  readonly gameData?: GameData;
  readonly localeTables?: LocaleTables;
  /** extra commands, contributed by the test platform */
  readonly commands?: readonly CommandDefinition[];
  readonly testCatalog?: TestCatalog;
}

export interface World {
  readonly stores: Stores;
  readonly log: CapturedLog;
  /** items handed to the pipeline by service-test */
  readonly injected: PipelineItem[];
  /** what the handler counted (lookout_command_errors_total) */
  readonly metrics: Metrics;
  handle(incoming: IncomingCommand): Promise<readonly CommandReply[]>;
}

export async function commandWorld(knex: Knex, options: WorldOptions = {}): Promise<World> {
  await createSightingTable(knex);
  const { config } = configFromObject({ logging: { file_logging_enabled: false }, ...options.config }, 'test');
  const log = captureLog('debug');
  const alert = describedSightingPlugin();
  const platform = { ...recordingPlatform({ name: 'chat', targetTypes: ['chat:user', 'chat:channel'] }).plugin, commands: options.commands ?? [] };
  const registry = PluginRegistry.create([alert, platform]);
  const stores = createStores(knex, () => {}, [...TRACKING_TABLES, SIGHTING_TABLE]);
  const renderer = await DtsEngine.load({ rootDir: bundledDtsRoot(), log: log.log, ...SHIPPED, defaultTemplateId: '1' });
  const geofences = buildGeofenceSet(options.fences ?? DEFAULT_FENCES);
  const gameData = options.gameData ?? GameData.empty();
  const injected: PipelineItem[] = [];
  const testData = (alert as { testData?: { kind: string; webhooks: [] } }).testData!;
  const services = createCommandServices({
    config,
    log: log.log,
    stores,
    snapshot: () => {
      throw new Error('no snapshot in command tests');
    },
    services: { gameData: () => gameData },
    geofences: () => geofences,
    renderer,
    registry,
    testCatalog: options.testCatalog ?? new Map([[testData.kind, testData.webhooks]]),
    localeTables: options.localeTables ?? new Map(),
    inject: async (item) => {
      injected.push(item);
    },
  });
  const metrics = createMetrics({ collectProcess: false });
  const handler = createCommandHandler({ services, registry: commandRegistryFor(registry, config), localeTables: options.localeTables, log: log.log, metrics });
  return { stores, log, injected, metrics, handle: handler };
}

export interface SendOptions {
  readonly admin?: boolean;
  readonly registration?: boolean;
  readonly name?: string;
}

/** A message typed in a private chat with the bot. */
export function dm(text: string, sender: string, o: SendOptions = {}): IncomingCommand {
  return {
    platform: 'chat',
    text,
    sender: { id: sender, name: o.name ?? `User ${sender}`, humanType: 'chat:user', isAdmin: o.admin ?? false },
    place: { kind: 'dm', id: sender, name: 'dm', humanType: 'chat:user', isRegistrationChannel: o.registration ?? false },
    prefixes: ['!'],
  };
}

/** A message typed in a channel. */
export function inChannel(text: string, channel: string, sender: string, o: SendOptions = {}): IncomingCommand {
  return {
    platform: 'chat',
    text,
    sender: { id: sender, name: o.name ?? `User ${sender}`, humanType: 'chat:user', isAdmin: o.admin ?? false },
    place: { kind: 'channel', id: channel, name: `#${channel}`, humanType: 'chat:channel', isRegistrationChannel: o.registration ?? false },
    prefixes: ['!'],
  };
}

/** Registers a user directly in the database (humans row + profile 1). */
export async function registered(stores: Stores, id: string, extra: Parameters<Stores['humans']['update']>[1] = {}): Promise<void> {
  await stores.humans.create({ id, type: 'chat:user', name: `User ${id}` });
  await stores.profiles.create({ id, name: 'default', profileNo: 1 });
  if (Object.keys(extra).length > 0) await stores.humans.update(id, extra);
}

/** All reply texts joined, for assertions. */
export function texts(replies: readonly CommandReply[]): string {
  return replies.map((r) => r.text ?? '').filter((t) => t !== '').join('\n');
}

export function reactions(replies: readonly CommandReply[]): string[] {
  return replies.flatMap((r) => (r.reaction ? [r.reaction] : []));
}
