/**
 * Micro-benchmark: one POST body of 50 Golbat pokemon webhooks, tokenized (JSON.parse of the body, as the HTTP
 * layer does) and parsed item by item by the monster plugin's parse hook into typed events.
 */
import type { HookContext } from '../../../core/contract.ts';
import { configFromObject } from '../../helpers/config.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { GeofenceStore } from '../../../core/geo/index.ts';
import { createIcons } from '../../../core/icons/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import monsterPlugin from '../../../plugins/monster/index.ts';
import { cityFence } from '../fences.ts';
import { REPO_ROOT } from '../gamedata.ts';
import { seededRandom } from '../random.ts';
import { speciesPool } from '../species.ts';
import { webhookStream } from '../webhooks.ts';
import { measure, type MicroFigures } from './timing.ts';

export interface ParseMicro extends MicroFigures {
  readonly batch_items: number;
  readonly body_bytes: number;
  /** JSON.parse of the body alone */
  readonly json_only_mean_us: number;
}

const BATCH = 50;

export function parseMicro(seed: number, gameData: GameData): ParseMicro {
  const log = silentLogger();
  const { config } = configFromObject({ general: { img_url: '', sticker_url: '' } });
  const geofences = new GeofenceStore({ rootDir: REPO_ROOT, paths: [], defaultName: 'city', remote: { bearerToken: '', cacheDir: '' }, log });
  const icons = createIcons({ img: '', alt: '', sticker: '', log });
  const plugin = monsterPlugin({ config, rootDir: REPO_ROOT, log, services: { gameData: () => gameData, geofences: () => geofences.current, icons: () => icons } });
  const ctx: HookContext = { meta: { eventId: 'bench', webhookType: 'pokemon', receivedAt: Date.now() }, log, now: Date.now };
  const random = seededRandom(seed);
  const stream = webhookStream(seed, 'parse', speciesPool(gameData, random.fork('species')), cityFence(random.fork('fences')));
  const nowS = Math.floor(Date.now() / 1000);
  const bodies = Array.from({ length: 20 }, () => JSON.stringify(stream.batch(BATCH, nowS)));
  const parseBatch = (body: string): number => {
    const items = JSON.parse(body) as { type: string; message: unknown }[];
    let ok = 0;
    for (const item of items) if (item.type === 'pokemon' && plugin.parse(item.message, ctx).ok) ok++;
    return ok;
  };
  if (parseBatch(bodies[0]!) !== BATCH) throw new Error('the generated webhooks must all parse');
  const figures = measure((i) => parseBatch(bodies[i % bodies.length]!));
  const jsonOnly = measure((i) => JSON.parse(bodies[i % bodies.length]!));
  return { ...figures, batch_items: BATCH, body_bytes: bodies[0]!.length, json_only_mean_us: jsonOnly.mean_us };
}
