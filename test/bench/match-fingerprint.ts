/**
 * Writes what the monster matcher decides for 20,000 seeded webhooks against a population built in memory —
 * one line per event: every match as human:rule:distance:pvp — so a change to the rule index or the matcher
 * can be checked for identical results by diffing the files written before and after it. A third of the events
 * get near-perfect IVs so the large everything-rules fan out too; some humans block PVP alerts.
 * Usage: node --import tsx test/bench/match-fingerprint.ts S|M|L <out-file> [direct]
 */
import { writeFileSync } from 'node:fs';
import type { MatchContext } from '../../core/contract.ts';
import { rowToHuman } from '../../core/db/stores/humans.ts';
import { FenceIndex } from '../../core/geo/index.ts';
import { silentLogger } from '../../core/log/logger.ts';
import { pluginSnapshot } from '../helpers/plugin-snapshot.ts';
import type { Human, TrackingRow } from '../../core/model.ts';
import { fence } from '../helpers/fences.ts';
import { buildPlugin } from '../plugins/monster/support.ts';
import { fencesOf, generatePopulation, POPULATIONS, type PopulationName } from './population.ts';
import { loadBenchGameData } from './gamedata.ts';
import { seededRandom } from './random.ts';
import { speciesPool } from './species.ts';
import { webhookStream } from './webhooks.ts';

const EVENTS = 20_000;

async function main(population: PopulationName, out: string, direct: boolean): Promise<void> {
  const plugin = await buildPlugin(direct ? { pvp: { evolution_direct_tracking: true } } : {});
  const humans: Human[] = [];
  const rows: TrackingRow[] = [];
  for (const g of generatePopulation(POPULATIONS[population], 1, { kind: 'null' })) {
    humans.push(rowToHuman({ ...g.human, fails: 0, admin_disable: 0, blocked_alerts: humans.length % 7 === 0 ? '["pvp"]' : null }));
    for (const r of g.rules) rows.push({ ...r, uid: rows.length + 1, id: g.human.id, profile_no: 1 });
  }
  const snapshot = pluginSnapshot(plugin, { humans, profiles: [], locations: [], tables: new Map([['monsters', rows]]) });
  const fences = fencesOf(POPULATIONS[population], 1);
  const fenceIndex = new FenceIndex(fences.map((f) => fence(f.name, { polygons: [[f.path]] })));
  const stream = webhookStream(1, 'fingerprint', speciesPool((await loadBenchGameData()).gameData, seededRandom(1).fork('species')), fences);
  const nowS = Math.floor(Date.now() / 1000);
  const lines: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const message = stream.next(nowS).message;
    if (i % 3 === 0 && message.individual_attack !== null) Object.assign(message, { individual_attack: 15, individual_defense: 15, individual_stamina: 14 + (i % 2) });
    const meta = { eventId: String(i), webhookType: 'pokemon', receivedAt: nowS * 1000 };
    const ctx = { meta, log: silentLogger(), now: () => nowS * 1000 };
    const parsed = plugin.parse(message, ctx);
    if (!parsed.ok) continue;
    const found = fenceIndex.query(parsed.event.latitude, parsed.event.longitude);
    const matchCtx: MatchContext = { ...ctx, fences: found, areaNames: new Set(found.map((f) => f.name.toLowerCase())) };
    const matches = plugin.match(parsed.event, snapshot, snapshot.index(plugin.name), matchCtx);
    lines.push(matches.map((m) => `${m.human.id}:${m.ruleUid}:${m.distanceM ?? ''}:${(m as { userHasPvpTracks?: boolean }).userHasPvpTracks === true}`).join(','));
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${population}: ${lines.length} events, ${lines.reduce((n, l) => n + (l ? l.split(',').length : 0), 0)} matches → ${out}`);
}

const [population, out, mode] = process.argv.slice(2);
if (!population || !out || !(population in POPULATIONS)) {
  console.error('usage: node --import tsx test/bench/match-fingerprint.ts S|M|L <out-file> [direct]');
  process.exit(2);
}
await main(population as PopulationName, out, mode === 'direct');
