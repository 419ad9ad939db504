/**
 * Builders for the monster command tests: parse options over the fixture game data, a tokenizer as simple as
 * the framework's (whitespace, lower-cased args, `_` → space), fences, a hand-built CommandInvocation over
 * real stores, and a small DTS set for the `template<N>` checks of every tracking command.
 */
import type { Knex } from 'knex';
import type { CommandInvocation, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { createCommandServices } from '../../../../core/commands/services.ts';
import { configFromObject } from '../../../helpers/config.ts';
import { DtsEngine } from '../../../../core/dts/engine.ts';
import type { DtsEntry } from '../../../../core/dts/types.ts';
import { buildGeofenceSet } from '../../../../core/geo/index.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createStores } from '../../../../core/state/watched-stores.ts';
import { describeMonsterRule } from '../../../../plugins/monster/commands/describe.ts';
import type { TrackParseOptions } from '../../../../plugins/monster/commands/track-parse.ts';
import { MONSTER_CONFIG } from '../../../../plugins/monster/config.ts';
import { PluginRegistry } from '../../../../core/registry.ts';
import { fixtureGameData } from '../support.ts';
import { fence } from '../../../helpers/fences.ts';
import { recordingPlatform } from '../../../fixtures/recording-platform.ts';
import { setOf, testEntry } from '../../../fixtures/dts/render.ts';
import { SHIPPED_PLATFORMS } from '../../../fixtures/dts/platforms.ts';

/** `{name}` placeholders filled, English kept (what the framework's t() does for English). */
export function fill(text: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

export interface Tokens {
  readonly args: string[];
  readonly rawArgs: string[];
}

export function tokens(text: string): Tokens {
  const rawArgs = text.split(/\s+/).filter((t) => t !== '').map((t) => t.replace(/_/g, ' '));
  return { args: rawArgs.map((t) => t.toLowerCase()), rawArgs };
}

export type OptionOverrides = Partial<Omit<TrackParseOptions, 'tracking' | 'pvp'>> & { readonly config?: Record<string, unknown> };

export async function parseOptions(overrides: OptionOverrides = {}): Promise<TrackParseOptions> {
  const { config: configObject, ...rest } = overrides;
  const config = configFromObject(configObject ?? {}).config;
  return {
    gameData: await fixtureGameData(),
    language: 'en',
    isAdmin: false,
    tracking: config.tracking,
    pvp: MONSTER_CONFIG.read(config).pvp,
    areaNames: new Set(['downtown', 'old town']),
    locationLabels: ['Home', 'Work'],
    ping: '',
    ...rest,
  };
}

export { fence };

export async function commandServices(knex: Knex, config: Record<string, unknown> = {}): Promise<CommandServices> {
  const gameData = await fixtureGameData();
  const geofences = buildGeofenceSet([fence('Downtown'), fence('Old Town')]);
  return {
    config: configFromObject(config).config,
    log: silentLogger(),
    stores: createStores(knex, () => {}),
    snapshot: () => {
      throw new Error('the monster commands do not read the snapshot');
    },
    gameData: () => gameData,
    geofences: () => geofences,
    renderTemplate: () => null,
    injectWebhook: async () => {},
    testData: () => new Map(),
    describeRule: (_table: string, row: TrackingRow, language: string) => describeMonsterRule(row, { language, gameData, t: fill }),
    trackingTables: () => ['monsters'],
  };
}

export interface InvocationOptions {
  readonly name: string;
  readonly text: string;
  readonly target: Human;
  readonly services: CommandServices;
  readonly isAdmin?: boolean;
  readonly ping?: string;
}

export function invocation(o: InvocationOptions): CommandInvocation {
  const { args, rawArgs } = tokens(o.text);
  return {
    name: o.name,
    args,
    rawArgs,
    ping: o.ping ?? '',
    incoming: {
      platform: 'discord',
      text: `!${o.name} ${o.text}`,
      sender: { id: o.target.id, name: o.target.name, humanType: 'discord:user', isAdmin: o.isAdmin ?? false },
      place: { kind: 'dm', id: o.target.id, name: o.target.name, humanType: 'discord:user', isRegistrationChannel: false },
      prefixes: ['!'],
    },
    target: o.target,
    prefix: '!',
    language: 'en',
    isAdmin: o.isAdmin ?? false,
    services: o.services,
    t: fill,
  };
}

/**
 * DTS entries for the `template<N>` checks of a command whose rules render as `types` (the first type carries
 * them; `types[1]`, when given, one more id): on discord `1` (English), `2` (German only) and `compact` (marked
 * `default`: counts for its own id only); `3` on telegram only; `4` of another alert type; `5` of `types[1]`.
 */
export function templateFixture(types: readonly string[]): DtsEntry[] {
  const [main = 'unused', second] = types;
  const at = (id: string, fields: Partial<DtsEntry> = {}): DtsEntry => testEntry({ content: id }, { type: main, id, ...fields });
  return [
    at('1'),
    at('2', { language: 'de' }),
    at('compact', { default: true }),
    at('3', { platform: 'telegram' }),
    at('4', { type: 'some-other-type' }),
    ...(second ? [at('5', { type: second })] : []),
  ];
}

/** What a command should do with `template:<id>` over templateFixture: write quietly, or refuse / warn. */
export const TEMPLATE_CASES: readonly { readonly id: string; readonly exists: boolean; readonly why: string }[] = [
  { id: '1', exists: true, why: 'an entry of the alert type' },
  { id: '2', exists: true, why: 'an entry in another language' },
  { id: 'compact', exists: true, why: 'a default entry, by its own id' },
  { id: 'Compact', exists: true, why: 'ids compare case-insensitively' },
  { id: '9', exists: false, why: 'a default entry does not make other ids exist' },
  { id: '3', exists: false, why: 'an entry of another platform' },
  { id: '4', exists: false, why: 'an entry of another alert type' },
];

/**
 * `services` whose `templateExists` is the real one (core/commands/services.ts) over `entries`, for targets of
 * type `discord:user` delivered by a platform rendering discord templates.
 */
export function withTemplates(services: CommandServices, entries: readonly DtsEntry[]): CommandServices {
  const renderer = DtsEngine.fromSet(setOf(entries), { rootDir: '/nonexistent', log: silentLogger(), platforms: SHIPPED_PLATFORMS, defaultTemplateId: '1' });
  const platform = recordingPlatform({ name: 'discord', targetTypes: ['discord:user'] }).plugin;
  const real = createCommandServices({
    config: services.config,
    log: silentLogger(),
    stores: services.stores,
    snapshot: services.snapshot,
    services: { gameData: services.gameData },
    geofences: services.geofences,
    renderer,
    registry: PluginRegistry.create([platform]),
    testCatalog: new Map(),
    localeTables: new Map(),
    inject: async () => {},
  });
  return { ...services, templateExists: real.templateExists };
}
