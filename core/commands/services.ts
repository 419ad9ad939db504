/**
 * The CommandServices implementation the app hands every command: stores, the current snapshot, game data and
 * geofences, DTS rendering for a platform (help, greeting) and whether a template id exists on a target's
 * platform (`template<N>`), `service-test` injection into the pipeline for one human, the test catalog, and each
 * tracking table's rule description by the plugin owning it.
 */
import type { Config } from '../config/index.ts';
import type { Human, Snapshot } from '../model.ts';
import type { CoreServices, EventMeta, Renderer } from '../contract.ts';
import type { GeofenceSet } from '../geo/index.ts';
import { isLookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { isSwitchedOff, switchReader } from '../switches.ts';
import type { PipelineItem } from '../pipeline/pipeline.ts';
import type { PluginRegistry } from '../registry.ts';
import type { Stores } from '../state/watched-stores.ts';
import type { TestCatalog } from './test-data.ts';
import { ruleDescriber, templateCheck } from './rule-lookups.ts';
import type { LocaleTables } from './translate.ts';
import type { CommandServices } from './types.ts';
import type { Explainer } from '../explain/explainer.ts';

export interface CommandServicesOptions {
  readonly config: Config;
  readonly log: Logger;
  readonly stores: Stores;
  readonly snapshot: () => Snapshot;
  readonly services: Pick<CoreServices, 'gameData' | 'scannerDb'>;
  readonly geofences: () => GeofenceSet;
  readonly renderer: Renderer | null;
  readonly registry: PluginRegistry;
  readonly testCatalog: TestCatalog;
  readonly localeTables: LocaleTables;
  /** runs one item through the pipeline (the app waits for pending state reloads first) */
  readonly inject: (item: PipelineItem) => Promise<void>;
  readonly now?: () => number;
  /** answers "why didn't I get this alert?" (the `why` command); none = the command says it is not available */
  readonly explainer?: Explainer;
}

let injected = 0;

export function createCommandServices(o: CommandServicesOptions): CommandServices {
  const now = o.now ?? Date.now;
  const specs = [...o.registry.trackingTables()].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
  const tables = specs.map((t) => t.table);
  const isOn = switchReader(o.config);
  const switchedOff = new Set(
    o.registry.alertPlugins.flatMap((p) => (isSwitchedOff(p, isOn) ? (p.trackingTables ?? []).map((t) => t.table) : [])),
  );
  const titles = new Map(o.registry.trackingTables().flatMap((t) => (t.title ? [[t.table, t.title] as const] : [])));
  const templatePlatform = (platform: string): string => o.registry.platforms.find((p) => p.name === platform)?.templatePlatform ?? platform;
  const describeRule = ruleDescriber(o.registry, () => o.services.gameData(), o.localeTables);

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
    templateExists: templateCheck(o.registry, o.renderer, o.log),
    async injectWebhook(type: string, message: Readonly<Record<string, unknown>>, onlyTo: Human) {
      const eventId = `test-${now().toString(36)}-${++injected}`;
      o.log.info({ eventId, webhookType: type, target: onlyTo.id }, 'service-test webhook injected');
      await o.inject({ type, message, meta: { eventId, webhookType: type, receivedAt: now() }, onlyTo: onlyTo.id });
    },
    testData: () => o.testCatalog,
    describeRule,
    trackingTables: () => tables,
    tableTitle: (table) => titles.get(table),
    tableSwitchedOff: (table) => switchedOff.has(table),
    scannerDb: () => o.services.scannerDb?.() ?? null,
    ...(o.explainer ? { explainer: o.explainer } : {}),
  };
}
