/**
 * The CommandServices implementation the app hands every command: stores, the current snapshot, game data and
 * geofences, DTS rendering for a platform (help, greeting) and whether a template id exists on a target's
 * platform (`template<N>`), `service-test` injection into the pipeline for one human, the test catalog, and each
 * tracking table's rule description by the plugin owning it.
 */
import type { Config } from '../config/index.ts';
import type { CoreServices, DescribeContext, EventMeta, Human, Renderer, Snapshot, TrackingRow } from '../contract.ts';
import type { GeofenceSet } from '../geo/index.ts';
import { idKey } from '../dts/keys.ts';
import { isLookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { PipelineItem } from '../pipeline/pipeline.ts';
import type { PluginRegistry } from '../registry.ts';
import type { Stores } from '../state/watched-stores.ts';
import type { TestCatalog } from './test-data.ts';
import { translatorFor, type LocaleTables } from './translate.ts';
import type { CommandServices } from './types.ts';

export interface CommandServicesOptions {
  readonly config: Config;
  readonly log: Logger;
  readonly stores: Stores;
  readonly snapshot: () => Snapshot;
  readonly services: Pick<CoreServices, 'gameData'>;
  readonly geofences: () => GeofenceSet;
  readonly renderer: Renderer | null;
  readonly registry: PluginRegistry;
  readonly testCatalog: TestCatalog;
  readonly localeTables: LocaleTables;
  /** runs one item through the pipeline (the app waits for pending state reloads first) */
  readonly inject: (item: PipelineItem) => Promise<void>;
  readonly now?: () => number;
}

let injected = 0;

/** The generic line for a rule whose plugin does not describe its rules. */
function plainDescription(table: string, row: TrackingRow): string {
  const distance = Number(row.distance ?? 0);
  return distance > 0 ? `${table} | distance: ${distance}m` : table;
}

export function createCommandServices(o: CommandServicesOptions): CommandServices {
  const now = o.now ?? Date.now;
  const ownerOf = new Map(o.registry.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => [t.table, p] as const)));
  const specs = [...o.registry.trackingTables()].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
  const tables = specs.map((t) => t.table);
  const switchedOff = new Set(
    o.registry.alertPlugins.flatMap((p) => (p.disableSwitch && o.config.general[p.disableSwitch] === true ? (p.trackingTables ?? []).map((t) => t.table) : [])),
  );
  const titles = new Map(o.registry.trackingTables().flatMap((t) => (t.title ? [[t.table, t.title] as const] : [])));
  const templatePlatform = (platform: string): string => o.registry.platforms.find((p) => p.name === platform)?.templatePlatform ?? platform;
  const sources = { gameData: (text: string, language: string) => o.services.gameData().translate(text, language), tables: o.localeTables };

  return {
    config: o.config,
    log: o.log,
    stores: o.stores,
    snapshot: o.snapshot,
    gameData: () => o.services.gameData(),
    geofences: o.geofences,
    renderTemplate(request) {
      if (!o.renderer) return null;
      const meta: EventMeta = { eventId: `command-${request.alertType}`, webhookType: 'command', receivedAt: now() };
      try {
        return o.renderer.render({ ...request, platform: templatePlatform(request.platform), meta });
      } catch (err) {
        if (!(isLookoutError(err) && err.code === 'NOT_FOUND')) o.log.warn({ alertType: request.alertType, templateId: request.templateId, err }, 'command template failed to render');
        return null;
      }
    },
    templateExists(alertType, targetType, templateId) {
      const platform = o.registry.platformForTarget(targetType);
      if (!o.renderer?.templateIds || !platform) return true;
      try {
        const wanted = idKey(templateId);
        return o.renderer.templateIds(alertType, platform.templatePlatform).some((id) => idKey(id) === wanted);
      } catch (err) {
        o.log.warn({ alertType, targetType, templateId, err }, 'command could not list the templates');
        return true;
      }
    },
    async injectWebhook(type: string, message: Readonly<Record<string, unknown>>, onlyTo: Human) {
      const eventId = `test-${now().toString(36)}-${++injected}`;
      o.log.info({ eventId, webhookType: type, target: onlyTo.id }, 'service-test webhook injected');
      await o.inject({ type, message, meta: { eventId, webhookType: type, receivedAt: now() }, onlyTo: onlyTo.id });
    },
    testData: () => o.testCatalog,
    describeRule(table, row, language) {
      const plugin = ownerOf.get(table);
      if (!plugin?.describeRule) return plainDescription(table, row);
      const ctx: DescribeContext = { language, gameData: o.services.gameData(), t: translatorFor(language, sources) };
      return plugin.describeRule(table, row, ctx);
    },
    trackingTables: () => tables,
    tableTitle: (table) => titles.get(table),
    tableSwitchedOff: (table) => switchedOff.has(table),
  };
}
