/**
 * Starts the real service for a benchmark run: createApp with the plugins and platforms discovered from the
 * repository (plus the null platform when asked), the bundled templates, the population's fences, the given
 * database and game data, in a temporary root. Alert limits are off so every match is delivered; the periodic
 * state reload is pushed out of the measured window (reloads are measured on purpose instead).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../core/app.ts';
import { configFromObject } from '../helpers/config.ts';
import type { DbOptions } from '../../core/db/connect.ts';
import type { GameData } from '../../core/gamedata/game-data.ts';
import { silentLogger } from '../../core/log/logger.ts';
import type { Metrics } from '../../core/metrics/metrics.ts';
import { applyHeapGrowth } from '../../core/heap-growth.ts';
import { discoverPlugins } from '../../core/plugin-loader.ts';
import { WEBHOOK_CONFIG } from '../../platforms/webhook/config.ts';
import type { BenchFence } from './fences.ts';
import { REPO_ROOT } from './gamedata.ts';
import { nullPlatform } from './null-platform.ts';

export type DeliveryMode = 'sink' | 'null';

export interface ServiceOptions {
  readonly db: DbOptions;
  readonly fences: readonly BenchFence[];
  readonly gameData: GameData;
  readonly metrics: Metrics;
  readonly delivery: DeliveryMode;
  /** [tuning] heap_growing_percent; null = the configuration's default */
  readonly heapGrowingPercent: number | null;
  /** [journal] enabled; default the configuration's (on) */
  readonly journal?: boolean;
  /** further config keys, laid over the bench's (--set) */
  readonly settings?: Readonly<Record<string, unknown>>;
}

export interface BenchService {
  readonly app: App;
  /** POST / of the running service */
  readonly url: string;
  stop(): Promise<void>;
}

function databaseSection(db: DbOptions): Record<string, unknown> {
  return db.client === 'sqlite'
    ? { client: 'sqlite', filename: db.filename }
    : { client: 'mysql', host: db.host, port: db.port, user: db.user, password: db.password, database: db.database };
}

const isTable = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` laid on `base` key by key (tables merged, anything else replaced) */
function mergedInto(base: Record<string, unknown>, over: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isTable(value) && isTable(out[key]) ? mergedInto(out[key], value) : value;
  return out;
}

export async function startService(o: ServiceOptions): Promise<BenchService> {
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-bench-'));
  symlinkSync(join(REPO_ROOT, 'fallbacks'), join(rootDir, 'fallbacks'));
  mkdirSync(join(rootDir, 'geofences'));
  writeFileSync(join(rootDir, 'geofences', 'geofence.json'), JSON.stringify(o.fences));
  const { config } = configFromObject(
    mergedInto({
      processor: { host: '127.0.0.1', port: 0 },
      database: databaseSection(o.db),
      logging: { file_logging_enabled: false },
      general: { img_url: '', sticker_url: '' },
      resources: { masterfile_url: 'http://127.0.0.1:9/master.json', invasions_url: 'http://127.0.0.1:9/inv.json', locales_url: 'http://127.0.0.1:9/locales' },
      alert_limits: { dm_limit: 0, channel_limit: 0 },
      tuning: { reload_interval_secs: 86_400, ...(o.heapGrowingPercent === null ? {} : { heap_growing_percent: o.heapGrowingPercent }) },
      ...(o.journal === undefined ? {} : { journal: { enabled: o.journal } }),
    }, o.settings ?? {}),
    'bench',
  );
  // what core/main.ts does at start (the bench process is the service's process)
  applyHeapGrowth(config.tuning.heap_growing_percent);
  const app = await createApp({
    config,
    rootDir,
    log: silentLogger(),
    metrics: o.metrics,
    gameData: o.gameData,
    plugins: async (setup) => [
      ...(await discoverPlugins(REPO_ROOT, setup)),
      ...(o.delivery === 'null' ? [nullPlatform(WEBHOOK_CONFIG.read(config).tuning.concurrent_discord_webhooks)] : []),
    ],
  });
  const port = await app.listen();
  return {
    app,
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      await app.stop();
      rmSync(rootDir, { recursive: true, force: true });
    },
  };
}
