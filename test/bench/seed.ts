/**
 * Writes a generated population into a migrated database with multi-row inserts in chunks, one transaction
 * per chunk group, so L (20k humans, 500k rules) is written in seconds on SQLite and MariaDB alike.
 */
import type { Knex } from 'knex';
import { generatePopulation, type HumanRow, type PopulationSpec, type RuleRow, type TargetKind } from './population.ts';

/** rows per INSERT; a `monsters` row has ~32 columns, which keeps a statement under SQLite's variable limit */
const CHUNK_ROWS = 500;

export interface SeedResult {
  readonly humans: number;
  readonly rules: number;
  readonly ms: number;
}

function profileRow(human: HumanRow): Record<string, unknown> {
  return { id: human.id, profile_no: 1, name: 'default', area: human.area, latitude: human.latitude, longitude: human.longitude, active_hours: '[]' };
}

export async function seedPopulation(knex: Knex, spec: PopulationSpec, seed: number, target: TargetKind): Promise<SeedResult> {
  const started = performance.now();
  let humans: HumanRow[] = [];
  let rules: RuleRow[] = [];
  let humanCount = 0;
  let ruleCount = 0;
  const flush = async (): Promise<void> => {
    const h = humans;
    const r = rules;
    humans = [];
    rules = [];
    await knex.transaction(async (trx) => {
      for (let i = 0; i < h.length; i += CHUNK_ROWS) {
        const chunk = h.slice(i, i + CHUNK_ROWS);
        await trx('humans').insert(chunk);
        await trx('profiles').insert(chunk.map(profileRow));
      }
      for (let i = 0; i < r.length; i += CHUNK_ROWS) await trx('monsters').insert(r.slice(i, i + CHUNK_ROWS));
    });
  };
  for (const { human, rules: own } of generatePopulation(spec, seed, target)) {
    humans.push(human);
    rules.push(...own);
    humanCount++;
    ruleCount += own.length;
    if (rules.length >= CHUNK_ROWS * 40) await flush();
  }
  await flush();
  return { humans: humanCount, rules: ruleCount, ms: performance.now() - started };
}
