/**
 * Builders for the raid/egg command tests: parse options over the fixture game data and fences, and command
 * services over real stores whose `describeRule` is the raid plugin's.
 */
import type { Knex } from 'knex';
import type { CommandServices } from '../../../../core/commands/types.ts';
import type { TrackingRow } from '../../../../core/model.ts';
import { configFromObject } from '../../../helpers/config.ts';
import { buildGeofenceSet } from '../../../../core/geo/index.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createStores } from '../../../../core/state/watched-stores.ts';
import { describeEggRule, describeRaidRule } from '../../../../plugins/raid/commands/describe.ts';
import type { GymCommandKind, GymParseOptions } from '../../../../plugins/raid/commands/parse.ts';
import { fence } from '../../../helpers/fences.ts';
import { fill, invocation, tokens } from '../../monster/commands/support.ts';
import { fixtureGameData } from '../support.ts';

export { fill, invocation, tokens };

export async function parseOptions(kind: GymCommandKind, overrides: Partial<GymParseOptions> = {}): Promise<GymParseOptions> {
  const config = configFromObject({}).config;
  return {
    kind,
    gameData: await fixtureGameData(),
    language: 'en',
    ping: '',
    limits: config.tracking,
    areaNames: new Set(['downtown', 'old town']),
    locationLabels: ['Home'],
    ...overrides,
  };
}

export async function commandServices(knex: Knex, config: Record<string, unknown> = {}): Promise<CommandServices> {
  const gameData = await fixtureGameData();
  const geofences = buildGeofenceSet([fence('Downtown'), fence('Old Town')]);
  return {
    config: configFromObject(config).config,
    log: silentLogger(),
    stores: createStores(knex, () => {}),
    snapshot: () => {
      throw new Error('the raid commands do not read the snapshot');
    },
    gameData: () => gameData,
    geofences: () => geofences,
    renderTemplate: () => null,
    injectWebhook: async () => {},
    testData: () => new Map(),
    describeRule: (table: string, row: TrackingRow, language: string) => (table === 'raid' ? describeRaidRule : describeEggRule)(row, { language, gameData, t: fill }),
    trackingTables: () => ['raid', 'egg'],
  };
}
