/**
 * Start-up step: the plugins, registered once the core services are loaded (a factory is handed those), and the
 * render hook (the DTS engine over fallbacks/ and config/ unless one is given).
 */
import type { Config } from '../config/index.ts';
import type { CoreServices, Plugin, PluginSetup, Renderer } from '../contract.ts';
import { DtsEngine } from '../dts/engine.ts';
import { gameDataLookups } from '../dts/game-data-lookups.ts';
import type { Logger } from '../log/logger.ts';
import { PluginRegistry } from '../registry.ts';
import { templatePlatforms, type TemplatePlatforms } from '../dts/platforms.ts';
import { pluginFallbackFolders } from '../plugin-fallbacks.ts';
import { undeclaredSwitches } from '../switches.ts';

/** the plugins, or a factory building them once the core services are loaded */
export type PluginSource = readonly Plugin[] | ((setup: PluginSetup) => Promise<readonly Plugin[]>);

export async function registerPlugins(plugins: PluginSource, setup: PluginSetup): Promise<PluginRegistry> {
  const registry = PluginRegistry.create(typeof plugins === 'function' ? await plugins(setup) : plugins);
  for (const key of undeclaredSwitches(registry.alertPlugins, setup.config)) {
    setup.log.warn({ key }, 'a plugin declares a disable switch its module does not export in its config spec; it cannot be turned on');
  }
  return registry;
}

/** What the registered plugins bring to templates and replies: their fallback folders and the template platforms. */
export interface PluginTemplates {
  /** the plugins' bundled fallback folders (templates, help topics, translations), in plugin order */
  readonly fallbacks: readonly string[];
  readonly platforms: TemplatePlatforms;
}

export function pluginTemplates(registry: PluginRegistry): PluginTemplates {
  return { fallbacks: pluginFallbackFolders([...registry.alertPlugins, ...registry.platforms]), platforms: templatePlatforms(registry.platforms) };
}

/** the DTS engine over the bundled fallbacks (the core's, then the plugins') and the operator's config/ */
export function loadDtsRenderer(config: Config, rootDir: string, log: Logger, services: CoreServices, templates: PluginTemplates): Promise<Renderer> {
  return DtsEngine.load({
    rootDir,
    log: log.child({ part: 'dts' }),
    platforms: templates.platforms,
    pluginFallbacks: templates.fallbacks,
    lookups: gameDataLookups(services.gameData(), { rootDir, log }),
    defaultTemplateId: config.general.default_template_name,
    fallbackLanguage: config.general.locale,
    altLanguage: config.locale.language,
    numberLocale: config.locale.timeformat,
  });
}
