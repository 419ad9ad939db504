/**
 * The monster matcher on its own, for match-fingerprint.ts and match-timing.ts: a population built in memory (no
 * database), its snapshot and index, the population's fences and a seeded stream of parsed events with their
 * match context. A third of the events get near-perfect IVs so the large everything-rules fan out too; some
 * humans block PVP alerts.
 */
import type { Match, MatchContext } from '../../core/contract.ts';
import { rowToHuman } from '../../core/db/stores/humans.ts';
import { FenceIndex } from '../../core/geo/index.ts';
import { silentLogger } from '../../core/log/logger.ts';
import type { Human, TrackingRow } from '../../core/model.ts';
import type { MonsterEvent } from '../../plugins/monster/event.ts';
import type { MonsterIndex } from '../../plugins/monster/rule-index.ts';
import { fence } from '../helpers/fences.ts';
import { pluginSnapshot } from '../helpers/plugin-snapshot.ts';
import { buildPlugin } from '../plugins/monster/support.ts';
import { loadBenchGameData } from './gamedata.ts';
import { fencesOf, generatePopulation, POPULATIONS, type PopulationName } from './population.ts';
import { seededRandom } from './random.ts';
import { speciesPool } from './species.ts';
import { webhookStream } from './webhooks.ts';

export interface MatchBench {
  /** the parsed events with their match context, in stream order */
  readonly events: readonly { readonly event: MonsterEvent; readonly ctx: MatchContext }[];
  /** the matcher's answer for one of them */
  match(event: MonsterEvent, ctx: MatchContext): readonly Match[];
}

export async function matchBench(population: PopulationName, events: number, direct: boolean): Promise<MatchBench> {
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
  const parsedEvents: { event: MonsterEvent; ctx: MatchContext }[] = [];
  for (let i = 0; i < events; i++) {
    const message = stream.next(nowS).message;
    if (i % 3 === 0 && message.individual_attack !== null) Object.assign(message, { individual_attack: 15, individual_defense: 15, individual_stamina: 14 + (i % 2) });
    const meta = { eventId: String(i), webhookType: 'pokemon', receivedAt: nowS * 1000 };
    const ctx = { meta, log: silentLogger(), now: () => nowS * 1000 };
    const parsed = plugin.parse(message, ctx);
    if (!parsed.ok) continue;
    const found = fenceIndex.query(parsed.event.latitude, parsed.event.longitude);
    parsedEvents.push({ event: parsed.event, ctx: { ...ctx, fences: found, areaNames: new Set(found.map((f) => f.name.toLowerCase())) } });
  }
  const index = snapshot.index<MonsterIndex>(plugin.name);
  return { events: parsedEvents, match: (event, ctx) => plugin.match(event, snapshot, index, ctx) };
}
