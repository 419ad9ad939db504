/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time and the most total
 * (inclusive) time, with their file and line, as percentages of the sampled time.
 * Usage: node --import tsx test/bench/profile-top.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface HotSpot {
  readonly name: string;
  readonly where: string;
  readonly selfPct: number;
  readonly totalPct: number;
}

function keyOf(node: ProfileNode): string {
  const f = node.callFrame;
  const file = f.url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/main\//, '');
  return `${f.functionName || '(anonymous)'}\u0000${file}:${f.lineNumber + 1}`;
}

export function hotSpots(profile: CpuProfile): HotSpot[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    const node = byId.get(id);
    if (!node) return;
    self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = keyOf(byId.get(cur)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  return [...total.keys()].map((key) => {
    const [name, where] = key.split('\u0000') as [string, string];
    return { name, where, selfPct: (100 * (self.get(key) ?? 0)) / all, totalPct: (100 * total.get(key)!) / all };
  });
}

function print(title: string, rows: readonly HotSpot[]): void {
  console.log(title);
  for (const r of rows) console.log(`  ${r.selfPct.toFixed(1).padStart(5)}% self ${r.totalPct.toFixed(1).padStart(5)}% total  ${r.name}  ${r.where}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --import tsx test/bench/profile-top.ts <file.cpuprofile> [rows]');
    process.exit(2);
  }
  const rows = Number(process.argv[3] ?? 25);
  const spots = hotSpots(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  print('by self time', [...spots].sort((a, b) => b.selfPct - a.selfPct).slice(0, rows));
  print('by total time', [...spots].sort((a, b) => b.totalPct - a.totalPct).slice(0, rows));
}
