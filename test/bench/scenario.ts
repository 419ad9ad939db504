/**
 * One benchmark run of one population: a fresh database of the chosen engine, the population seeded from a
 * child process, the service started on it, then idle RSS, idle reloads, saturation, a reload under half the
 * saturation load, latency at the offered rate and at the slow rate, and the rules examined per event —
 * returned as PopulationFigures.
 */
import type { GameData } from '../../core/gamedata/game-data.ts';
import type { MonsterIndex } from '../../plugins/monster/rule-index.ts';
import { openTestDatabase, type Engine } from '../helpers/databases.ts';
import { expectAnswer, type Driver, type StreamSpec } from './driver-ipc.ts';
import type { LoadResult } from './load.ts';
import { benchMetrics } from './metrics.ts';
import { fixedRate, idleReloads, reloadUnderLoad, saturation, type PhaseTiming, type RateFigures, type ReloadUnderLoad, type SaturationFigures } from './phases.ts';
import { fencesOf, POPULATIONS, type PopulationName, type TargetKind } from './population.ts';
import { idleRssMb, watchRss } from './process-watch.ts';
import { median, type PopulationFigures } from './report.ts';
import { rulesExamined } from './rules-examined.ts';
import { seedInChild } from './seed-process.ts';
import type { SeedResult } from './seed.ts';
import { startService, type BenchService, type DeliveryMode } from './service.ts';
import { seededRandom } from './random.ts';
import { speciesPool } from './species.ts';
import { webhookStream } from './webhooks.ts';
import { MONSTER_CONFIG } from '../../plugins/monster/config.ts';

export interface ScenarioOptions {
  readonly population: PopulationName;
  readonly engine: Engine;
  readonly delivery: DeliveryMode;
  /** [tuning] heap_growing_percent; null = the configuration's default */
  readonly heapGrowingPercent: number | null;
  /** [journal] enabled */
  readonly journal: boolean;
  /** further config keys (--set) */
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly seed: number;
  /** offered rate of the latency phase, webhooks/s */
  readonly rate: number;
  /** the second, slow offered rate; 0 skips it */
  readonly slowRate: number;
  readonly timing: PhaseTiming;
  readonly gameData: GameData;
  /** a CPU profile of the saturation phase goes to this file */
  readonly profileFile: string | null;
  /** progress lines go here */
  readonly say: (line: string) => void;
  /** webhook log files replayed as the load (empty: the generated webhooks) */
  readonly replay?: readonly string[];
}

const SAMPLE_FOR_RULES = 10_000;

function loadLine(load: LoadResult): string {
  const seconds = load.elapsedMs / 1000;
  return `offered ${Math.round(load.items / seconds)}/s, queued ${Math.round(load.queued / seconds)}/s, refused ${load.refused}, answer p99 ${load.answerP99Ms.toFixed(1)} ms`;
}

async function targetFor(driver: Driver, delivery: DeliveryMode): Promise<TargetKind> {
  if (delivery === 'null') return { kind: 'null' };
  return { kind: 'sink', baseUrl: expectAnswer(await driver.call({ kind: 'sink' }), 'sink').baseUrl };
}

interface PhaseResults {
  readonly seeded: SeedResult;
  readonly rssIdleMb: number;
  readonly rssPeakMb: number;
  readonly reloadMs: number;
  readonly sat: SaturationFigures;
  readonly loaded: ReloadUnderLoad;
  readonly fast: RateFigures;
  readonly slow: RateFigures | null;
  readonly examined: number;
}

function figuresOf(o: ScenarioOptions, r: PhaseResults): PopulationFigures {
  const { sat, fast, slow, loaded } = r;
  return {
    match_p50_us: sat.match.p50 * 1e6,
    match_p99_us: sat.match.p99 * 1e6,
    rules_examined_per_event: r.examined,
    e2e_webhooks_per_s: sat.webhooksPerS,
    alerts_per_s: sat.alertsPerS,
    latency_p50_ms: fast.latency.p50 * 1000,
    latency_p99_ms: fast.latency.p99 * 1000,
    rss_idle_mb: r.rssIdleMb,
    rss_peak_mb: r.rssPeakMb,
    reload_ms: r.reloadMs,
    match_mean_us: sat.match.mean * 1e6,
    alerts_per_webhook: sat.webhooksPerS > 0 ? sat.alertsPerS / sat.webhooksPerS : 0,
    rate_per_s: o.rate,
    rate_achieved_per_s: fast.load.queued / (fast.load.elapsedMs / 1000),
    answer_p99_ms: fast.load.answerP99Ms,
    slow_rate_per_s: o.slowRate,
    slow_latency_p50_ms: slow ? slow.latency.p50 * 1000 : Number.NaN,
    slow_latency_p99_ms: slow ? slow.latency.p99 * 1000 : Number.NaN,
    reload_under_load_ms: loaded.reloadMs,
    reload_under_load_rate_per_s: loaded.rate,
    reload_stall_ms: loaded.stallMs,
    baseline_stall_ms: loaded.baselineStallMs,
    seed_ms: r.seeded.ms,
    humans: r.seeded.humans,
    rules: r.seeded.rules,
  };
}

/** The phases against a started service, in order; progress goes to `o.say`. */
async function measure(o: ScenarioOptions, service: BenchService, driver: Driver, stream: (phase: string) => StreamSpec): Promise<Omit<PhaseResults, 'seeded' | 'rssPeakMb'>> {
  const { app, url } = service;
  const spec = POPULATIONS[o.population];
  const rssIdleMb = await idleRssMb();
  o.say(`  service up, idle RSS ${Math.round(rssIdleMb)} MB`);
  const idleMs = await idleReloads(app);
  const reloadMs = median(idleMs);
  o.say(`  reload ${idleMs.map(Math.round).join('/')} ms (idle)`);
  const sat = await saturation(app, driver, url, stream('saturation'), o.timing, o.profileFile);
  o.say(`  saturation ${Math.round(sat.webhooksPerS)} webhooks/s, ${Math.round(sat.alertsPerS)} alerts/s, match p50 ${(sat.match.p50 * 1e6).toFixed(1)} µs, p99 ${(sat.match.p99 * 1e6).toFixed(1)} µs`);
  const sustainable = Math.max(10, Math.min(o.rate, Math.round(sat.webhooksPerS / 2)));
  const loaded = await reloadUnderLoad(app, driver, url, stream('reload'), sustainable, reloadMs);
  o.say(`  reload under ${sustainable}/s: ${Math.round(loaded.reloadMs)} ms, longest event-loop stall ${Math.round(loaded.stallMs)} ms (${Math.round(loaded.baselineStallMs)} ms without a reload)`);
  const fast = await fixedRate(app, driver, url, stream('rate'), o.rate, o.timing);
  o.say(`  ${o.rate}/s: latency p50 ${(fast.latency.p50 * 1000).toFixed(1)} ms, p99 ${(fast.latency.p99 * 1000).toFixed(1)} ms (${fast.latency.count} alerts; ${loadLine(fast.load)})`);
  const slow = o.slowRate > 0 ? await fixedRate(app, driver, url, stream('slow'), o.slowRate, o.timing) : null;
  if (slow) o.say(`  ${o.slowRate}/s: latency p50 ${(slow.latency.p50 * 1000).toFixed(1)} ms, p99 ${(slow.latency.p99 * 1000).toFixed(1)} ms (${loadLine(slow.load)})`);
  const pool = speciesPool(o.gameData, seededRandom(o.seed).fork('species'));
  const sample = webhookStream(o.seed, stream('saturation').label, pool, fencesOf(spec, o.seed)).batch(SAMPLE_FOR_RULES, Math.floor(Date.now() / 1000));
  const examined = rulesExamined(app.state.current.index<MonsterIndex>('monster'), sample, MONSTER_CONFIG.read(app.config).pvp, (latitude, longitude) => new Set(app.services.geofences().index.query(latitude, longitude).map((f) => f.name.toLowerCase()))).meanPerEvent;
  return { rssIdleMb, reloadMs, sat, loaded, fast, slow, examined };
}

export async function runScenario(o: ScenarioOptions, driver: Driver, runNo: number): Promise<PopulationFigures> {
  const stream = (phase: string): StreamSpec => ({ population: o.population, seed: o.seed, label: `${o.population}-${runNo}-${phase}`, ...(o.replay?.length ? { replay: o.replay } : {}) });
  const db = await openTestDatabase(o.engine, { migrate: true });
  try {
    const seeded = await seedInChild({ db: db.options, population: o.population, seed: o.seed, target: await targetFor(driver, o.delivery) });
    o.say(`  seeded ${seeded.humans} humans, ${seeded.rules} rules in ${Math.round(seeded.ms)} ms`);
    const rss = watchRss();
    const fences = fencesOf(POPULATIONS[o.population], o.seed);
    const service = await startService({ db: db.options, fences, gameData: o.gameData, metrics: benchMetrics(), delivery: o.delivery, heapGrowingPercent: o.heapGrowingPercent, journal: o.journal, settings: o.settings });
    try {
      const results = await measure(o, service, driver, stream);
      return figuresOf(o, { ...results, seeded, rssPeakMb: rss.peakMb() });
    } finally {
      rss.stop();
      await service.stop();
    }
  } finally {
    await db.cleanup();
  }
}
