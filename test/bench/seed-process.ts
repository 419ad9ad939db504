/**
 * Seeds a population from a child process, so generating and inserting hundreds of thousands of rows leaves
 * nothing behind in the heap (and the RSS) of the process that then hosts the service. This file is both the
 * caller (`seedInChild`) and, when run as a script, the child.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb, type DbOptions } from '../../core/db/connect.ts';
import { describeError } from '../../core/errors.ts';
import { POPULATIONS, type PopulationName, type TargetKind } from './population.ts';
import { seedPopulation, type SeedResult } from './seed.ts';

export interface SeedJob {
  readonly db: DbOptions;
  readonly population: PopulationName;
  readonly seed: number;
  readonly target: TargetKind;
}

type SeedAnswer = { readonly ok: true; readonly result: SeedResult } | { readonly ok: false; readonly message: string };

const SELF = fileURLToPath(import.meta.url);

export function seedInChild(job: SeedJob): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, [JSON.stringify(job)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: SeedAnswer | null = null;
    child.on('message', (raw) => (answer = raw as SeedAnswer));
    child.on('exit', (code) => {
      const a = answer as SeedAnswer | null;
      if (a?.ok) resolve(a.result);
      else reject(new Error(a ? `seeding failed: ${a.message}` : `seeding process exited with ${code}`));
    });
  });
}

async function runAsChild(job: SeedJob): Promise<void> {
  const knex = createDb(job.db);
  try {
    const result = await seedPopulation(knex, POPULATIONS[job.population], job.seed, job.target);
    process.send?.({ ok: true, result } satisfies SeedAnswer);
  } catch (err) {
    process.send?.({ ok: false, message: describeError(err) } satisfies SeedAnswer);
  } finally {
    await knex.destroy();
  }
}

if (process.argv[1] === SELF && process.send) {
  await runAsChild(JSON.parse(process.argv[2] ?? '{}') as SeedJob);
  process.disconnect();
}
