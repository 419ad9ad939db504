/**
 * Full state reloads of a seeded population in isolation, for working on the reload path:
 *
 *   node --import tsx --expose-gc test/bench/reload-timing.ts <S|M|L> <sqlite file> [reloads] [--profile <file>]
 *
 * The SQLite file is seeded (null targets) on the first use and kept, so later runs skip the seeding. The real
 * service is started on it (default configuration, so [tuning] heap_growing_percent applies), then reloaded
 * `reloads` times (default 5); each reload's time, the median and the peak RSS are printed. With --profile, the
 * reloads after the first are CPU-profiled into that file (summarise with profile-top.ts).
 */
import { existsSync } from 'node:fs';
import { createDb, type DbOptions } from '../../core/db/connect.ts';
import { prepareDatabase, silentDbLog } from '../../core/db/index.ts';
import { startProfile } from './cpu-profile.ts';
import { loadBenchGameData } from './gamedata.ts';
import { benchMetrics } from './metrics.ts';
import { fencesOf, POPULATIONS, type PopulationName } from './population.ts';
import { watchRss } from './process-watch.ts';
import { median } from './report.ts';
import { seedInChild } from './seed-process.ts';
import { startService } from './service.ts';

function usage(): never {
  process.stderr.write('usage: reload-timing.ts <S|M|L> <sqlite file> [reloads] [--profile <file>]\n');
  process.exit(2);
}

const args = process.argv.slice(2);
const profileAt = args.indexOf('--profile');
const profileFile = profileAt >= 0 ? args.splice(profileAt, 2)[1] : undefined;
const [population, filename, count] = args;
if (!population || !(population in POPULATIONS) || !filename) usage();
const name = population as PopulationName;
const reloads = Number(count ?? 5);
const SEED = 1;

const db: DbOptions = { client: 'sqlite', filename, host: '', port: 0, user: '', password: '', database: '', maxConnections: 1 };
if (!existsSync(filename)) {
  const knex = createDb(db);
  await prepareDatabase(knex, silentDbLog);
  await knex.destroy();
  const seeded = await seedInChild({ db, population: name, seed: SEED, target: { kind: 'null' } });
  process.stderr.write(`seeded ${seeded.humans} humans, ${seeded.rules} rules in ${Math.round(seeded.ms)} ms\n`);
}

const { gameData } = await loadBenchGameData();
const rss = watchRss();
const service = await startService({ db, fences: fencesOf(POPULATIONS[name], SEED), gameData, metrics: benchMetrics(), delivery: 'null', heapGrowingPercent: null });
try {
  const ms: number[] = [];
  let profiler: Awaited<ReturnType<typeof startProfile>> | null = null;
  for (let i = 0; i < reloads; i++) {
    if (i === 1 && profileFile) profiler = await startProfile(profileFile);
    const started = performance.now();
    if (!(await service.app.state.reload())) throw new Error('reload failed');
    ms.push(performance.now() - started);
    process.stderr.write(`reload ${i + 1}: ${Math.round(ms[i]!)} ms\n`);
  }
  await profiler?.stop();
  console.log(`${name} reloads ${ms.map(Math.round).join(' / ')} ms; median ${Math.round(median(ms))} ms; peak RSS ${Math.round(rss.peakMb())} MB`);
} finally {
  rss.stop();
  await service.stop();
}
