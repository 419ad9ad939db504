/**
 * Two look-ups the chat commands and the HTTP API share: a tracking rule's one-line description by the plugin
 * owning its table (in a language), and whether a template id exists for an alert type on the platform that
 * serves a target type (`template<N>`; a renderer that cannot list its ids, or an unserved type, passes).
 */
import type { TrackingRow } from '../model.ts';
import type { DescribeContext, Renderer } from '../contract.ts';
import { idKey } from '../dts/keys.ts';
import type { GameData } from '../gamedata/game-data.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginRegistry } from '../registry.ts';
import { translatorFor, type LocaleTables } from './translate.ts';

export type RuleDescriber = (table: string, row: TrackingRow, language: string) => string;
export type TemplateCheck = (alertType: string, targetType: string, templateId: string) => boolean;

/** The generic line for a rule whose plugin does not describe its rules. */
function plainDescription(table: string, row: TrackingRow): string {
  const distance = Number(row.distance ?? 0);
  return distance > 0 ? `${table} | distance: ${distance}m` : table;
}

export function ruleDescriber(registry: PluginRegistry, gameData: () => GameData, localeTables: LocaleTables): RuleDescriber {
  const ownerOf = new Map(registry.alertPlugins.flatMap((p) => (p.trackingTables ?? []).map((t) => [t.table, p] as const)));
  const sources = { gameData: (text: string, language: string) => gameData().translate(text, language), tables: localeTables };
  return (table, row, language) => {
    const plugin = ownerOf.get(table);
    if (!plugin?.describeRule) return plainDescription(table, row);
    const ctx: DescribeContext = { language, gameData: gameData(), t: translatorFor(language, sources) };
    return plugin.describeRule(table, row, ctx);
  };
}

export function templateCheck(registry: PluginRegistry, renderer: Renderer | null, log: Logger): TemplateCheck {
  return (alertType, targetType, templateId) => {
    const platform = registry.platformForTarget(targetType);
    if (!renderer?.templateIds || !platform) return true;
    try {
      const wanted = idKey(templateId);
      return renderer.templateIds(alertType, platform.templatePlatform).some((id) => idKey(id) === wanted);
    } catch (err) {
      log.warn({ alertType, targetType, templateId, err }, 'the templates could not be listed');
      return true;
    }
  };
}
