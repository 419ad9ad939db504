/**
 * `npm run bench`: runs the chosen populations (each `--runs` times, reporting medians) and optionally the
 * micro-benchmarks, prints a table and writes the JSON report. Not part of `npm test`; see docs/performance.md.
 */
import { writeFileSync } from 'node:fs';
import { describeError } from '../../core/errors.ts';
import { parseBenchArgs, USAGE, type BenchOptions } from './cli.ts';
import { startDriver } from './driver-ipc.ts';
import { loadBenchGameData } from './gamedata.ts';
import { formatMicro, runMicro, type MicroReport } from './micro/run.ts';
import { formatTable, machine, medianReport, type BenchDocument, type PopulationFigures, type PopulationReport } from './report.ts';
import { runScenario } from './scenario.ts';

const say = (line: string): void => void process.stderr.write(`${line}\n`);

async function runPopulations(o: BenchOptions, gameData: Awaited<ReturnType<typeof loadBenchGameData>>['gameData']): Promise<Record<string, PopulationReport>> {
  const reports: Record<string, PopulationReport> = {};
  if (o.populations.length === 0) return reports;
  const driver = startDriver();
  try {
    for (const population of o.populations) {
      const runs: PopulationFigures[] = [];
      for (let run = 1; run <= o.runs; run++) {
        say(`population ${population}, run ${run}/${o.runs} (${o.engine}, delivery ${o.delivery}, journal ${o.journal ? 'on' : 'off'}, load ${o.replay.length > 0 ? `replayed from ${o.replay.join(', ')}` : 'generated'})`);
        runs.push(
          await runScenario(
            {
              population,
              engine: o.engine,
              delivery: o.delivery,
              heapGrowingPercent: o.heapGrowingPercent,
              journal: o.journal,
              settings: o.settings,
              seed: o.seed,
              rate: o.rate,
              slowRate: o.slowRate,
              timing: { durationMs: o.durationS * 1000, warmupMs: o.warmupS * 1000 },
              gameData,
              profileFile: o.profile ? `${o.profile.replace(/\.cpuprofile$/, '')}-${population}-${run}.cpuprofile` : null,
              say,
              replay: o.replay,
            },
            driver,
            run,
          ),
        );
      }
      reports[population] = medianReport(runs);
    }
  } finally {
    await driver.stop();
  }
  return reports;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseBenchArgs(args);
  if (!parsed.ok) {
    say(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const o = parsed.options;
  if (!(globalThis as { gc?: unknown }).gc) say('note: run node with --expose-gc (npm run bench does) for a settled idle RSS');
  const { gameData, source } = await loadBenchGameData();
  say(`game data: ${source === 'shared' ? 'the real files in ../shared/gamedata' : 'the test fixtures (../shared/gamedata not found)'}`);
  const populations = await runPopulations(o, gameData);
  let micro: MicroReport | undefined;
  if (o.micro) {
    say('micro-benchmarks');
    micro = await runMicro(o.seed, gameData);
  }
  if (Object.keys(populations).length > 0) console.log(formatTable(populations));
  if (micro) console.log(formatMicro(micro));
  if (o.json) {
    const doc: BenchDocument = {
      generated_at: new Date().toISOString(),
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      machine: machine(),
      options: { ...o, gamedata: source },
      populations,
      ...(micro ? { micro: micro as unknown as Record<string, unknown> } : {}),
    };
    writeFileSync(o.json, `${JSON.stringify(doc, null, 2)}\n`);
    say(`written ${o.json}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : describeError(err)}`);
    process.exit(1);
  },
);
