/**
 * The monster matcher's time per event on its own (no intake, no render, no other work on the thread): the
 * seeded events of match-setup.ts matched `rounds` times over, with p50/p99 of the time per event, and the same
 * for the events in the top 1 % by number of matches, so the cost per match can be told from the cost per event.
 * Usage: node --import tsx --expose-gc test/bench/match-timing.ts S|M|L [rounds]
 */
import { POPULATIONS, type PopulationName } from './population.ts';
import { matchBench } from './match-setup.ts';

const EVENTS = 20_000;

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(population: PopulationName, rounds: number): Promise<void> {
  const bench = await matchBench(population, EVENTS, false);
  const counts = bench.events.map(({ event, ctx }) => bench.match(event, ctx).length);
  const times: number[] = [];
  const perEvent = new Float64Array(bench.events.length).fill(Number.POSITIVE_INFINITY);
  for (let round = 0; round < rounds; round++) {
    (globalThis as { gc?: () => void }).gc?.();
    bench.events.forEach(({ event, ctx }, i) => {
      const started = performance.now();
      bench.match(event, ctx);
      const us = (performance.now() - started) * 1000;
      times.push(us);
      perEvent[i] = Math.min(perEvent[i]!, us);
    });
  }
  times.sort((a, b) => a - b);
  const byMatches = counts.map((n, i) => ({ n, us: perEvent[i]! })).sort((a, b) => a.n - b.n);
  const top = byMatches.slice(Math.floor(byMatches.length * 0.99));
  const topUs = top.map((t) => t.us).sort((a, b) => a - b);
  const topMatches = top.reduce((s, t) => s + t.n, 0) / top.length;
  console.log(`${population}: ${bench.events.length} events × ${rounds} rounds, ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)} matches per event`);
  console.log(`  match time per event: p50 ${quantile(times, 0.5).toFixed(1)} µs, p99 ${quantile(times, 0.99).toFixed(1)} µs`);
  console.log(`  top 1 % by matches (${topMatches.toFixed(0)} matches on average): p50 ${quantile(topUs, 0.5).toFixed(1)} µs (best of ${rounds}), ${(quantile(topUs, 0.5) / topMatches).toFixed(2)} µs per match`);
}

const [population, rounds] = process.argv.slice(2);
if (!population || !(population in POPULATIONS)) {
  console.error('usage: node --import tsx --expose-gc test/bench/match-timing.ts S|M|L [rounds]');
  process.exit(2);
}
await main(population as PopulationName, Number(rounds ?? 5));
