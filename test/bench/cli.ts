/**
 * The command line of `npm run bench`, as a pure function from argv to options (or a usage error).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Engine } from '../helpers/databases.ts';
import { POPULATION_NAMES, type PopulationName } from './population.ts';
import type { DeliveryMode } from './service.ts';

export interface BenchOptions {
  readonly populations: readonly PopulationName[];
  readonly engine: Engine;
  readonly delivery: DeliveryMode;
  readonly durationS: number;
  readonly warmupS: number;
  readonly rate: number;
  readonly slowRate: number;
  readonly runs: number;
  readonly seed: number;
  readonly json: string | null;
  readonly micro: boolean;
  /** write a CPU profile of each saturation phase here (a file name; runs and populations are added to it) */
  readonly profile: string | null;
  /** [tuning] heap_growing_percent for the service; null = the configuration's default */
  readonly heapGrowingPercent: number | null;
  /** [journal] enabled for the service */
  readonly journal: boolean;
  /** further config keys for the service (`--set section.key=value`, the value read as JSON, else as text) */
  readonly settings: Readonly<Record<string, unknown>>;
  /** webhook log files whose items are the load instead of the generated pokemon (absolute paths); empty = generated */
  readonly replay: readonly string[];
}

/** `a.b.c=value` → { a: { b: { c: value } } } merged into `into`; the value is JSON when it parses, else text. */
export function addSetting(into: Record<string, unknown>, assignment: string): void {
  const at = assignment.indexOf('=');
  if (at <= 0) throw new Error(`--set takes section.key=value, got "${assignment}"`);
  const path = assignment.slice(0, at).split('.');
  const text = assignment.slice(at + 1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  let node = into;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value;
}

export const USAGE = `npm run bench -- [options]
  --population S|M|L[,…]|none  populations to run (default S; none = micro-benchmarks only)
  --db sqlite|mariadb          database engine (default sqlite; mariadb uses LOOKOUT_TEST_MYSQL_* or 127.0.0.1:3306 root)
  --delivery sink|null         webhook targets on a local HTTP sink, or the null platform (default sink)
  --duration <s>               length of each measured phase (default 20)
  --warmup <s>                 part of each phase not measured (default 3)
  --rate <n>                   offered webhooks/s of the latency phase (default 1000)
  --slow-rate <n>              a second, slow offered rate (default 50; 0 skips it)
  --runs <n>                   runs per population; the report holds their medians (default 1)
  --seed <n>                   seed of populations, fences and webhooks (default 1)
  --json <file>                also write the report as JSON
  --micro                      also run the micro-benchmarks (geofence query, render per user, batch parse)
  --profile <file>             write a CPU profile of the saturation phase (<file>-<population>-<run>.cpuprofile)
  --heap-growing-percent <n>   the service's [tuning] heap_growing_percent (default: the configuration's; 0 = Node's own)
  --journal on|off             the service's [journal] enabled (default on, as configured by default)
  --set <section.key=value>    a config key for the service (repeatable; the value as JSON, else text), e.g.
                               --set tracking.pokemon_change_tracking=false
  --replay <webhook log>       the items of a raw webhook log ([webhookLogging], plain or .gz; repeatable, read in
                               time order) as the load instead of the generated pokemon, moved to the present`;

export type ParsedArgs = { readonly ok: true; readonly options: BenchOptions } | { readonly ok: false; readonly error: string };

function positive(name: string, raw: string | undefined, fallback: number, allowZero = false): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`);
  return n;
}

function populationsOf(raw: string): PopulationName[] {
  if (raw === 'none') return [];
  return raw.split(',').map((p) => {
    const name = p.trim().toUpperCase();
    if (!POPULATION_NAMES.includes(name as PopulationName)) throw new Error(`unknown population "${p}" (S, M, L or none)`);
    return name as PopulationName;
  });
}

function settingsOf(assignments: readonly string[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const assignment of assignments) addSetting(settings, assignment);
  return settings;
}

export function parseBenchArgs(argv: readonly string[]): ParsedArgs {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        population: { type: 'string', default: 'S' },
        db: { type: 'string', default: 'sqlite' },
        delivery: { type: 'string', default: 'sink' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        rate: { type: 'string' },
        'slow-rate': { type: 'string' },
        runs: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'string' },
        micro: { type: 'boolean', default: false },
        profile: { type: 'string' },
        'heap-growing-percent': { type: 'string' },
        journal: { type: 'string', default: 'on' },
        set: { type: 'string', multiple: true },
        replay: { type: 'string', multiple: true },
      },
      strict: true,
    });
    const db = values.db === 'mariadb' || values.db === 'mysql' ? 'mysql' : values.db;
    if (db !== 'sqlite' && db !== 'mysql') throw new Error(`--db must be sqlite or mariadb, got "${values.db}"`);
    if (values.delivery !== 'sink' && values.delivery !== 'null') throw new Error(`--delivery must be sink or null, got "${values.delivery}"`);
    const durationS = positive('duration', values.duration, 20);
    const warmupS = positive('warmup', values.warmup, 3, true);
    if (values.journal !== 'on' && values.journal !== 'off') throw new Error(`--journal must be on or off, got "${values.journal}"`);
    if (warmupS >= durationS) throw new Error('--warmup must be shorter than --duration');
    return {
      ok: true,
      options: {
        populations: populationsOf(values.population ?? 'S'),
        engine: db,
        delivery: values.delivery,
        durationS,
        warmupS,
        rate: positive('rate', values.rate, 1000),
        slowRate: positive('slow-rate', values['slow-rate'], 50, true),
        runs: Math.floor(positive('runs', values.runs, 1)),
        seed: Math.floor(positive('seed', values.seed, 1, true)),
        json: values.json ?? null,
        micro: values.micro ?? false,
        profile: values.profile ?? null,
        heapGrowingPercent: values['heap-growing-percent'] === undefined ? null : Math.floor(positive('heap-growing-percent', values['heap-growing-percent'], 0, true)),
        journal: values.journal === 'on',
        settings: settingsOf(values.set ?? []),
        replay: (values.replay ?? []).map((file) => resolve(file)),
      },
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
