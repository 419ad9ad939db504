import { rowToHuman } from '../../core/db/stores/humans.ts';
import type { Human, TrackingRow } from '../../core/model.ts';
import type { MonsterIndex } from '../../plugins/monster/rule-index.ts';
import { pluginSnapshot } from '../helpers/plugin-snapshot.ts';
import { buildPlugin } from '../plugins/monster/support.ts';
import { generatePopulation, POPULATIONS } from './population.ts';
import { partitionByReach } from '../../core/match/reach-partition.ts';
const plugin = await buildPlugin({});
const humans: Human[] = [];
const rows: TrackingRow[] = [];
for (const g of generatePopulation(POPULATIONS.L, 1, { kind: 'null' })) {
  humans.push(rowToHuman({ ...g.human, fails: 0, admin_disable: 0, blocked_alerts: null }));
  for (const r of g.rules) rows.push({ ...r, uid: rows.length + 1, id: g.human.id, profile_no: 1 });
}
const snapshot = pluginSnapshot(plugin, { humans, profiles: [], locations: [], tables: new Map([['monsters', rows]]) });
rows.length = 0;
const index = snapshot.index<MonsterIndex>(plugin.name);
const lists = [...[...index.bySpecies.values()].map((b) => b.rules), ...index.everythingGates.map((g) => g.rules)];
let sig = 0;
for (let k = 0; k < 7; k++) {
  const t0 = performance.now();
  for (const l of lists) { const p = partitionByReach(l, snapshot); sig += p.byArea.size + p.byCell.size + p.wide.length; }
  console.log(Math.round(performance.now() - t0), 'ms');
}
console.log(sig);
