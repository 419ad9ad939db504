/**
 * An alert plugin's commands through the whole framework, with the real monster plugin on a migrated database:
 * a command word translated in [general.available_languages.<lang>] runs the command and answers in that
 * language; a plugin switched off by its [general] disable switch has its commands refused by the core;
 * `tracked` heads a table with its translated title.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import { createCommandHandler } from '../../../core/commands/handler.ts';
import { createCommandServices } from '../../../core/commands/services.ts';
import type { LocaleTables } from '../../../core/commands/translate.ts';
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import { commandRegistryFor } from '../../../core/commands/wiring.ts';
import { configFromObject } from '../../helpers/config.ts';
import type { TrackingRow } from '../../../core/model.ts';
import type { Plugin } from '../../../core/contract.ts';
import { buildGeofenceSet } from '../../../core/geo/index.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { createStores, type Stores } from '../../../core/state/watched-stores.ts';
import { recordingPlatform } from '../../fixtures/recording-platform.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { buildPlugin, fixtureGameData } from '../../plugins/monster/support.ts';
import { trackingRow } from '../db/rows.ts';
import { dm, reactions, registered, texts } from './support.ts';

const GERMAN: LocaleTables = new Map([
  [
    'de',
    {
      'New: {rule}': 'Neu: {rule}',
      'This alert type is disabled': 'Diese Alarmart ist abgeschaltet',
      Pokemon: 'Pokémon-Regeln',
    },
  ],
]);

const LANGUAGES = { general: { available_languages: { de: { service: 'dienst', help: 'hilfe', track: 'verfolgen', tracked: 'verfolgt' } } } };

interface World {
  readonly stores: Stores;
  handle(incoming: IncomingCommand): Promise<readonly CommandReply[]>;
}

async function monsterWorld(knex: Knex, configObject: Record<string, unknown>): Promise<World> {
  const config = configFromObject({ logging: { file_logging_enabled: false }, ...configObject }, 'test').config;
  const log = captureLog('warn').log;
  const gameData = await fixtureGameData();
  const monster = (await buildPlugin(configObject)) as unknown as Plugin;
  const registry = PluginRegistry.create([monster, recordingPlatform({ name: 'chat', targetTypes: ['chat:user', 'chat:channel'] }).plugin]);
  const stores = createStores(knex, () => {});
  const geofences = buildGeofenceSet([]);
  const services = createCommandServices({
    config,
    log,
    stores,
    snapshot: () => {
      throw new Error('no snapshot in command tests');
    },
    services: { gameData: () => gameData },
    geofences: () => geofences,
    renderer: null,
    registry,
    testCatalog: new Map(),
    localeTables: GERMAN,
    inject: async () => {},
  });
  const handle = createCommandHandler({ services, registry: commandRegistryFor(registry, config), localeTables: GERMAN, log, metrics: createMetrics({ collectProcess: false }) });
  return { stores, handle };
}

const monsterRows = (knex: Knex, id: string): Promise<TrackingRow[]> => knex('monsters').where({ id }) as Promise<TrackingRow[]>;

forEachDatabase(
  'alert plugin commands through the framework',
  (db) => {
    it('a translated command word runs the command and answers in its language', async () => {
      const world = await monsterWorld(db.knex, LANGUAGES);
      await registered(world.stores, 'de1', { area: ['downtown'] });
      const replies = await world.handle(dm('!verfolgen pikachu', 'de1'));
      assert.deepEqual(reactions(replies), ['✅']);
      assert.match(texts(replies), /^Neu: \*\*Pikachu\*\*/);
      assert.deepEqual((await monsterRows(db.knex, 'de1')).map((r) => r.pokemon_id), [25]);
      assert.match(texts(await world.handle(dm('!track pikachu iv90', 'de1'))), /^Updated: \*\*Pikachu\*\*/, 'the English word answers in the user language (none set: English)');
    });

    it('tracked heads the table with its title, translated for the reader', async () => {
      const world = await monsterWorld(db.knex, LANGUAGES);
      await registered(world.stores, 'de2', { area: ['downtown'] });
      await world.handle(dm('!track pikachu', 'de2'));
      const english = texts(await world.handle(dm('!tracked', 'de2')));
      assert.match(english, /^\*\*Pokemon:\*\*$/m);
      assert.doesNotMatch(english, /\*\*monsters:\*\*/);
      assert.match(texts(await world.handle(dm('!verfolgt', 'de2'))), /^\*\*Pokémon-Regeln:\*\*$/m);
    });

    it('with its disable switch on, the plugin commands are refused by the core; core commands still run', async () => {
      const world = await monsterWorld(db.knex, { ...LANGUAGES, general: { ...LANGUAGES.general, disable_creature: true } });
      await registered(world.stores, 'off1', { area: ['downtown'] });
      const replies = await world.handle(dm('!track pikachu', 'off1'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.equal(texts(replies), 'This alert type is disabled');
      assert.equal(texts(await world.handle(dm('!untrack everything', 'off1'))), 'This alert type is disabled');
      assert.equal(texts(await world.handle(dm('!verfolgen pikachu', 'off1'))), 'Diese Alarmart ist abgeschaltet');
      assert.deepEqual(await monsterRows(db.knex, 'off1'), []);
      assert.match(texts(await world.handle(dm('!tracked', 'off1'))), /not tracking anything/);
      await db.knex('monsters').insert({ ...trackingRow('monsters', 'off1'), profile_no: 1 });
      assert.doesNotMatch(texts(await world.handle(dm('!tracked', 'off1'))), /Pokemon/, 'a switched-off alert type has no section in tracked');
    });
  },
  { migrate: true },
);
