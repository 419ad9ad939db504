/**
 * Micro-benchmark: the monster alert rendered for one more user — the per-recipient work of the pipeline once
 * the event's view and its language layer exist: the common target variables (distance, bearing), the plugin's
 * target layer, and the DTS render of the bundled Discord `monster` template. Views are built exactly as the
 * pipeline builds them, from seeded encountered webhooks and the real plugin, enricher and DTS engine.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HookContext, View } from '../../../core/contract.ts';
import { configFromObject } from '../../helpers/config.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { gameDataLookups } from '../../../core/dts/game-data-lookups.ts';
import { createCommonEnricher } from '../../../core/enrich/index.ts';
import { withCommonVariables } from '../../../core/enrich/layers.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { GeofenceStore } from '../../../core/geo/index.ts';
import { createIcons } from '../../../core/icons/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { layer } from '../../../core/pipeline/view.ts';
import monsterPlugin from '../../../plugins/monster/index.ts';
import type { MonsterEvent } from '../../../plugins/monster/event.ts';
import type { MonsterMatch } from '../../../plugins/monster/match.ts';
import { human } from '../../helpers/humans.ts';
import { cityFence } from '../fences.ts';
import { REPO_ROOT } from '../gamedata.ts';
import { seededRandom } from '../random.ts';
import { speciesPool } from '../species.ts';
import { webhookStream } from '../webhooks.ts';
import { measure, type MicroFigures } from './timing.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

export interface RenderMicro extends MicroFigures {
  readonly events: number;
  /** the DTS render alone, without the target layers */
  readonly render_only_mean_us: number;
  readonly body_bytes: number;
}

interface Prepared {
  readonly event: MonsterEvent;
  readonly languageView: View;
  readonly match: MonsterMatch;
}

export async function renderMicro(seed: number, gameData: GameData): Promise<RenderMicro> {
  const rootDir = mkdtempSync(join(tmpdir(), 'lookout-bench-render-'));
  symlinkSync(join(REPO_ROOT, 'fallbacks'), join(rootDir, 'fallbacks'));
  try {
    const log = silentLogger();
    const { config } = configFromObject({ general: { img_url: 'https://icons.invalid/uicons', sticker_url: '' } });
    const geofences = new GeofenceStore({ rootDir, paths: [], defaultName: 'city', remote: { bearerToken: '', cacheDir: '' }, log });
    const icons = createIcons({ img: config.general.img_url, alt: '', sticker: '', log });
    const plugin = monsterPlugin({ config, rootDir, log, services: { gameData: () => gameData, geofences: () => geofences.current, icons: () => icons } });
    const renderer = await DtsEngine.load({ rootDir, log, ...SHIPPED, lookups: gameDataLookups(gameData, { rootDir, log }) });
    const enricher = createCommonEnricher({ config, log, rootDir });
    const ctx: HookContext = { meta: { eventId: 'bench', webhookType: 'pokemon', receivedAt: Date.now() }, log, now: Date.now };
    const random = seededRandom(seed);
    const stream = webhookStream(seed, 'render', speciesPool(gameData, random.fork('species')), cityFence(random.fork('fences')));
    const recipient = human('https://hooks.invalid/1', { type: 'webhook', latitude: 48.14, longitude: 11.58 });
    const prepared: Prepared[] = [];
    while (prepared.length < 200) {
      const outcome = plugin.parse(stream.next(Math.floor(Date.now() / 1000)).message, ctx);
      if (!outcome.ok || !outcome.event.stats) continue;
      const event = outcome.event;
      const base = await plugin.enrich!(event, ctx);
      const location = { latitude: event.latitude, longitude: event.longitude };
      const view = await withCommonVariables(enricher, base, { place: { location, fences: [] }, expiresAt: event.disappearTime * 1000, alertType: 'monster', eventId: 'bench' }, log);
      const languageView = layer(view, plugin.enrichLanguage!(event, view, { language: 'en', platform: 'discord' }, ctx));
      const match: MonsterMatch = { human: recipient, table: 'monsters', ruleUid: 1, alertType: 'monster', templateId: null, ping: '', clean: 0, distanceM: 1234, origin: { latitude: 48.14, longitude: 11.58 }, userHasPvpTracks: prepared.length % 3 === 0 };
      prepared.push({ event, languageView, match });
    }
    const renderFor = (p: Prepared, view: View) => renderer.render({ alertType: 'monster', platform: 'discord', language: 'en', templateId: null, view, meta: ctx.meta });
    const perUser = (p: Prepared) => {
      const common = enricher.targetView({ location: { latitude: p.event.latitude, longitude: p.event.longitude }, match: p.match, commandPrefix: '!' });
      const view = layer(layer(p.languageView, common), plugin.enrichTarget!(p.event, p.languageView, p.match, ctx));
      return renderFor(p, view);
    };
    const figures = measure((i) => perUser(prepared[i % prepared.length]!), { opsPerSample: 10 });
    const renderOnly = measure((i) => {
      const p = prepared[i % prepared.length]!;
      return renderFor(p, p.languageView);
    }, { opsPerSample: 10 });
    await enricher.stop?.();
    return { ...figures, events: prepared.length, render_only_mean_us: renderOnly.mean_us, body_bytes: JSON.stringify(perUser(prepared[0]!).body).length };
  } finally {
    rmSync(rootDir, { recursive: true, force: true });
  }
}
