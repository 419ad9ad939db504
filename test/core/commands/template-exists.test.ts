/**
 * CommandServices.templateExists, the DTS side of the tracking commands' `template<N>` check: the platform is the
 * one delivering to the target's type (its DTS platform), any language counts, a `default` entry counts for its
 * own id only, ids compare as the DTS compares them; without templates or a platform nothing can be told (true).
 * The commands' side (refusal for users, warning for admins) is tested with each plugin's commands.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCommandServices } from '../../../core/commands/services.ts';
import { namedTemplates } from '../../../core/commands/tracking/index.ts';
import { configFromObject } from '../../helpers/config.ts';
import type { Renderer } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import type { DtsEntry } from '../../../core/dts/types.ts';
import { GameData } from '../../../core/gamedata/index.ts';
import { buildGeofenceSet } from '../../../core/geo/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import type { Stores } from '../../../core/state/watched-stores.ts';
import { setOf, testEntry } from '../../fixtures/dts/render.ts';
import { recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

const entries: DtsEntry[] = [
  testEntry({ content: '1' }, { type: 'sighting', id: '1' }),
  testEntry({ content: 'de' }, { type: 'sighting', id: 'Deutsch', language: 'de' }),
  testEntry({ content: 'any' }, { type: 'sighting', id: 'everywhere', platform: '' }),
  testEntry({ content: 'd' }, { type: 'sighting', id: 'fallback', default: true }),
  testEntry({ content: 't' }, { type: 'sighting', id: 'tg', platform: 'telegram' }),
  testEntry({ content: 'o' }, { type: 'other', id: 'other' }),
];

function servicesWith(renderer: Renderer | null) {
  const chat = recordingPlatform({ name: 'chat', targetTypes: ['chat:user', 'webhook'] }).plugin;
  const tg = { ...recordingPlatform({ name: 'tg', targetTypes: ['tg:user'] }).plugin, templatePlatform: 'telegram' };
  return createCommandServices({
    config: configFromObject({}).config,
    log: silentLogger(),
    stores: {} as Stores,
    snapshot: () => {
      throw new Error('not used');
    },
    services: { gameData: () => GameData.empty() },
    geofences: () => buildGeofenceSet([]),
    renderer,
    registry: PluginRegistry.create([chat, tg]),
    testCatalog: new Map(),
    localeTables: new Map(),
    inject: async () => {},
  });
}

describe('CommandServices.templateExists', () => {
  const engine = DtsEngine.fromSet(setOf(entries), { rootDir: '/nonexistent', log: silentLogger(), platforms: SHIPPED_PLATFORMS, defaultTemplateId: '1' });
  const services = servicesWith(engine);
  const exists = (type: string, targetType: string, id: string): boolean | undefined => services.templateExists?.(type, targetType, id);

  const cases: readonly [string, string, string, boolean, string][] = [
    ['sighting', 'chat:user', '1', true, 'an entry of the type on the platform'],
    ['sighting', 'webhook', '1', true, 'another target type of the same platform'],
    ['sighting', 'chat:user', 'deutsch', true, 'another language; ids compare case-insensitively'],
    ['sighting', 'chat:user', ' everywhere ', true, 'an entry for every platform; spaces around the id'],
    ['sighting', 'chat:user', 'fallback', true, 'a default entry by its own id'],
    ['sighting', 'chat:user', '7', false, 'a default entry does not answer other ids'],
    ['sighting', 'chat:user', 'tg', false, 'an entry of another platform'],
    ['sighting', 'tg:user', 'tg', true, 'the platform delivering to the target renders telegram templates'],
    ['sighting', 'tg:user', '1', false, 'discord entries do not count on telegram'],
    ['sighting', 'tg:user', 'everywhere', true, 'every-platform entries count on telegram too'],
    ['sighting', 'chat:user', 'other', false, 'an entry of another alert type'],
    ['unknown', 'chat:user', '1', false, 'a type without entries'],
    ['sighting', 'nobody:user', '7', true, 'no platform delivers to the target type: cannot tell'],
  ];
  for (const [type, targetType, id, expected, why] of cases) {
    test(`${type} / ${targetType} / "${id}": ${why}`, () => assert.equal(exists(type, targetType, id), expected));
  }

  test('without templates, or a renderer that cannot list them, every id passes', () => {
    assert.equal(servicesWith(null).templateExists?.('sighting', 'chat:user', '7'), true);
    const bare: Renderer = { render: () => ({ platform: 'discord', body: {} }) };
    assert.equal(servicesWith(bare).templateExists?.('sighting', 'chat:user', '7'), true);
  });
});

test('namedTemplates: the distinct ids the rules name; empty and null name none', () => {
  assert.deepEqual(namedTemplates([{ template: '2' }, { template: null }, { template: '' }, { template: ' 2 ' }, { template: 3 }, {}, { template: 'Big' }]), ['2', '3', 'Big']);
});
