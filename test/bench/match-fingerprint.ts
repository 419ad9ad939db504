/**
 * Writes what the monster matcher decides for 20,000 seeded webhooks against a population built in memory —
 * one line per event: every match as human:rule:distance:pvp — so a change to the rule index or the matcher
 * can be checked for identical results by diffing the files written before and after it (see match-setup.ts).
 * Usage: node --import tsx test/bench/match-fingerprint.ts S|M|L <out-file> [direct]
 */
import { writeFileSync } from 'node:fs';
import { POPULATIONS, type PopulationName } from './population.ts';
import { matchBench } from './match-setup.ts';

const EVENTS = 20_000;

async function main(population: PopulationName, out: string, direct: boolean): Promise<void> {
  const bench = await matchBench(population, EVENTS, direct);
  const lines = bench.events.map(({ event, ctx }) =>
    bench
      .match(event, ctx)
      .map((m) => `${m.human.id}:${m.ruleUid}:${m.distanceM ?? ''}:${(m as { userHasPvpTracks?: boolean }).userHasPvpTracks === true}`)
      .join(','),
  );
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${population}: ${lines.length} events, ${lines.reduce((n, l) => n + (l ? l.split(',').length : 0), 0)} matches → ${out}`);
}

const [population, out, mode] = process.argv.slice(2);
if (!population || !out || !(population in POPULATIONS)) {
  console.error('usage: node --import tsx test/bench/match-fingerprint.ts S|M|L <out-file> [direct]');
  process.exit(2);
}
await main(population as PopulationName, out, mode === 'direct');
