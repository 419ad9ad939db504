/**
 * Runs the three micro-benchmarks (geofence point query over ~500 fences, a monster render per user, the
 * tokenize + parse of a 50-webhook batch) and formats their figures.
 */
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { geofenceMicro, type GeofenceMicro } from './geofence.ts';
import { parseMicro, type ParseMicro } from './parse.ts';
import { renderMicro, type RenderMicro } from './render.ts';

export interface MicroReport {
  readonly geofence_query: GeofenceMicro;
  readonly monster_render_per_user: RenderMicro;
  readonly parse_batch_of_50: ParseMicro;
}

export async function runMicro(seed: number, gameData: GameData): Promise<MicroReport> {
  return {
    geofence_query: geofenceMicro(seed),
    monster_render_per_user: await renderMicro(seed, gameData),
    parse_batch_of_50: parseMicro(seed, gameData),
  };
}

const fixed = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function formatMicro(m: MicroReport): string {
  const g = m.geofence_query;
  const r = m.monster_render_per_user;
  const p = m.parse_batch_of_50;
  return [
    `geofence query (${g.fences} fences, ${g.vertices} vertices, ${fixed(g.mean_fences_per_point)} fences/point): mean ${fixed(g.mean_us)} µs, p50 ${fixed(g.p50_us)} µs, p99 ${fixed(g.p99_us)} µs`,
    `monster render per user: mean ${fixed(r.mean_us)} µs, p50 ${fixed(r.p50_us)} µs, p99 ${fixed(r.p99_us)} µs (DTS render alone ${fixed(r.render_only_mean_us)} µs; body ${r.body_bytes} bytes)`,
    `parse of a 50-webhook batch (${p.body_bytes} bytes): mean ${fixed(p.mean_us)} µs, p50 ${fixed(p.p50_us)} µs, p99 ${fixed(p.p99_us)} µs (JSON.parse alone ${fixed(p.json_only_mean_us)} µs)`,
  ].join('\n');
}
