/**
 * End-to-end harness: a real app (plugins and platforms discovered from the repository, the bundled templates,
 * a geofence file, the real database engine) started in a temporary root, a local receiver standing in for
 * webhook URLs, and helpers to seed humans and rules and to post scanner webhooks to `/`. With `chat: true` the
 * fake Discord and fake Telegram run too and both bot platforms are enabled against them (chat-world.ts).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../core/app.ts';
import type { PluginClock } from '../../core/contract.ts';
import { configFromObject } from '../../core/config/index.ts';
import type { GameData } from '../../core/gamedata/game-data.ts';
import { HumanStore } from '../../core/db/stores/humans.ts';
import { LocationStore } from '../../core/db/stores/locations.ts';
import { silentLogger, type Logger } from '../../core/log/logger.ts';
import { buildPlugins, importPluginModules, pluginConfigSources } from '../../core/plugin-loader.ts';
import type { NewHuman } from '../../core/db/stores/humans.ts';
import type { TestDatabase } from '../helpers/databases.ts';
import { REPO_ROOT } from '../core/gamedata/support.ts';
import { startChatWorld, type ChatWorld } from './chat-world.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** Two areas: "Old Town" around 48.1365, 11.5720 and "Riverside" a few kilometres east. */
export const FENCES = [
  { name: 'Old Town', id: 1, path: [[48.13, 11.56], [48.145, 11.56], [48.145, 11.585], [48.13, 11.585]] },
  { name: 'Riverside', id: 2, path: [[48.13, 11.60], [48.145, 11.60], [48.145, 11.62], [48.13, 11.62]] },
];
export const IN_OLD_TOWN = { latitude: 48.1365, longitude: 11.572 };
export const IN_RIVERSIDE = { latitude: 48.137, longitude: 11.61 };

export interface E2E {
  readonly app: App;
  /** the installation root the app runs in (config/, geofences/ …) */
  readonly rootDir: string;
  /** `http://127.0.0.1:<port>` once started */
  readonly baseUrl: string;
  readonly receiver: Receiver;
  /** the fake Discord and Telegram (only with `chat: true`) */
  readonly chat: ChatWorld;
  hookUrl(name: string): string;
  addHuman(human: Omit<NewHuman, 'type'> & { type?: string }): Promise<void>;
  addLocation(humanId: string, label: string, at: { latitude: number; longitude: number }): Promise<void>;
  addRule(table: string, row: Record<string, unknown>): Promise<void>;
  post(items: readonly unknown[]): Promise<Response>;
  /** resolves once the state snapshot holds every change written so far (commands, seeding after start) */
  settled(): Promise<void>;
  /** starts the service (after seeding) */
  start(): Promise<void>;
  /** stops the service (drained, its files written) and starts a new one in the same root; the receiver and chat fakes stay */
  restart(): Promise<void>;
  /** stops the service, which drains the pipeline and the delivery queue, then the receiver and the chat fakes */
  stop(): Promise<void>;
}

export interface E2EOptions {
  readonly gameData?: GameData;
  /** config overrides (sections) */
  readonly config?: Record<string, unknown>;
  /** start the fake Discord and Telegram and enable both bot platforms against them */
  readonly chat?: boolean;
  /** the app's logger; default silent */
  readonly log?: Logger;
  /**
   * an installation root whose plugins/ and platforms/ folders the service discovers, as it discovers the
   * repository's (default the repository); its plugin modules' config keys are validated with the config
   */
  readonly pluginRoot?: string;
  /** the clock and timers of the plugins' background work (a test clock: scheduled digests without waiting) */
  readonly clock?: PluginClock;
}

const isSection = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The test's sections over the chat fakes' (a section both give is merged key by key, e.g. `[discord] check_role`). */
function mergeSections(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isSection(value) && isSection(base[key]) ? { ...base[key], ...value } : value;
  return out;
}

export function databaseSection(db: Pick<TestDatabase, 'options'>): Record<string, unknown> {
  const o = db.options;
  return o.client === 'sqlite'
    ? { client: 'sqlite', filename: o.filename }
    : { client: 'mysql', host: o.host, port: o.port, user: o.user, password: o.password, database: o.database };
}

export async function e2e(db: Pick<TestDatabase, 'options' | 'knex'>, options: E2EOptions = {}): Promise<E2E> {
  const receiver = await startReceiver();
  const chat = options.chat ? await startChatWorld() : null;
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-e2e-'));
  symlinkSync(join(REPO_ROOT, 'fallbacks'), join(rootDir, 'fallbacks'));
  mkdirSync(join(rootDir, 'geofences'));
  writeFileSync(join(rootDir, 'geofences', 'geofence.json'), JSON.stringify(FENCES));
  const humans = new HumanStore(db.knex);
  const locations = new LocationStore(db.knex);
  let app: App | null = null;
  let port = 0;
  const pluginRoot = options.pluginRoot ?? REPO_ROOT;
  const modules = await importPluginModules(pluginRoot);
  const { config } = configFromObject(
    {
      processor: { host: '127.0.0.1', port: 0 },
      database: databaseSection(db),
      logging: { file_logging_enabled: false },
      general: { img_url: '', sticker_url: '' },
      resources: { masterfile_url: 'http://127.0.0.1:9/master.json', invasions_url: 'http://127.0.0.1:9/inv.json', locales_url: 'http://127.0.0.1:9/locales' },
      ...mergeSections(chat?.config ?? {}, options.config ?? {}),
    },
    'e2e',
    pluginConfigSources(modules),
  );
  return {
    receiver,
    rootDir,
    get baseUrl(): string {
      return `http://127.0.0.1:${port}`;
    },
    get app(): App {
      if (!app) throw new Error('start() first');
      return app;
    },
    get chat(): ChatWorld {
      if (!chat) throw new Error('e2e(db, { chat: true }) starts the chat fakes');
      return chat;
    },
    hookUrl: (name) => `${receiver.baseUrl}/hooks/${name}`,
    async addHuman(h) {
      await humans.create({ type: 'webhook', ...h });
    },
    async addLocation(humanId, label, at) {
      await locations.create({ humanId, label, ...at });
    },
    async addRule(table, row) {
      await db.knex(table).insert(row);
    },
    async start() {
      app = await createApp({ config, rootDir, log: options.log ?? silentLogger(), plugins: (setup) => buildPlugins(modules, setup), gameData: options.gameData, clock: options.clock });
      port = await app.listen();
    },
    async restart() {
      await app?.stop();
      app = await createApp({ config, rootDir, log: options.log ?? silentLogger(), plugins: (setup) => buildPlugins(modules, setup), gameData: options.gameData });
      port = await app.listen();
    },
    async post(items) {
      return fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(items) });
    },
    async settled() {
      await app?.state.settled();
    },
    async stop() {
      try {
        await app?.stop();
      } finally {
        await receiver.close();
        await chat?.close();
      }
    },
  };
}
