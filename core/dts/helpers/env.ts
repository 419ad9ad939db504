/**
 * One isolated Handlebars instance per loaded template set: the built-ins (if, unless, each, with, lookup),
 * every @budibase/handlebars-helpers helper (the set PoracleJS templates rely on: or, and, gt, lt, contains,
 * replace, uppercase, toFixed, minus…), the spec's helpers (helpers/logic.ts, which replace budibase's
 * versions of round, eq, isnt, compare, forEach), the game helpers, and the set's partials.
 */
import budibaseHelpers from '@budibase/handlebars-helpers';
import Handlebars from 'handlebars';
import type { GameLookups } from '../game-lookups.ts';
import { gameNameHelpers } from './game-names.ts';
import { gameNumberHelpers } from './game-numbers.ts';
import { logicHelpers } from './logic.ts';
import type { Helper } from './options.ts';

export type HandlebarsEnv = typeof Handlebars;

/** budibase helpers left out on purpose: `embed` reads any file on the server into the message. */
export const WITHHELD_HELPERS: readonly string[] = ['embed'];

/**
 * budibase math helpers throw on a missing or non-numeric argument (`{{minus lureTypeId 500}}` without
 * lureTypeId); here they render empty text instead, so missing data degrades instead of failing the alert.
 */
export const TOLERANT_MATH_HELPERS: readonly string[] = ['abs', 'add', 'avg', 'ceil', 'divide', 'floor', 'minus', 'modulo', 'multiply', 'plus', 'remainder', 'subtract', 'sum'];

export interface EnvironmentOptions {
  readonly lookups: GameLookups;
  readonly partials: Readonly<Record<string, string>>;
  /** number formatting locale ([locale] timeformat), used by getPowerUpCost */
  readonly numberLocale?: string;
}

function tolerant(fn: Handlebars.HelperDelegate): Helper {
  return function (this: unknown, ...args: unknown[]) {
    try {
      return Reflect.apply(fn, this, args) as unknown;
    } catch (err) {
      if (err instanceof TypeError && err.message.startsWith('expected')) return '';
      throw err;
    }
  };
}

function register(env: HandlebarsEnv, helpers: Readonly<Record<string, Helper>>): void {
  for (const [name, fn] of Object.entries(helpers)) env.registerHelper(name, fn as Handlebars.HelperDelegate);
}

export function createEnvironment(options: EnvironmentOptions): HandlebarsEnv {
  const env = Handlebars.create();
  budibaseHelpers({ handlebars: env });
  for (const name of WITHHELD_HELPERS) env.unregisterHelper(name);
  for (const name of TOLERANT_MATH_HELPERS) {
    const fn = env.helpers[name];
    if (fn) register(env, { [name]: tolerant(fn) });
  }
  register(env, logicHelpers);
  register(env, gameNameHelpers(options.lookups));
  register(env, gameNumberHelpers(options.lookups, options.numberLocale ?? 'en-gb'));
  for (const [name, source] of Object.entries(options.partials)) env.registerPartial(name, source);
  return env;
}

/** Names of every helper an environment offers (for docs and the editor). */
export function helperNames(env: HandlebarsEnv): string[] {
  return Object.keys(env.helpers).sort();
}
