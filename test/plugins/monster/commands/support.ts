/**
 * Builders for the monster command tests: parse options over the fixture game data, a tokenizer as simple as
 * the framework's (whitespace, lower-cased args, `_` → space), fences, and a hand-built CommandInvocation over
 * real stores.
 */
import type { Knex } from 'knex';
import type { CommandInvocation, CommandServices, Human, TrackingRow } from '../../../../core/contract.ts';
import { configFromObject } from '../../../../core/config/index.ts';
import { buildGeofenceSet } from '../../../../core/geo/index.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createStores } from '../../../../core/state/watched-stores.ts';
import { describeMonsterRule } from '../../../../plugins/monster/commands/describe.ts';
import type { TrackParseOptions } from '../../../../plugins/monster/commands/track-parse.ts';
import { fixtureGameData } from '../support.ts';
import { fence } from '../../../helpers/fences.ts';

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
    pvp: config.pvp,
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
