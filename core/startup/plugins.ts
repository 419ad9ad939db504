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

/** the plugins, or a factory building them once the core services are loaded */
export type PluginSource = readonly Plugin[] | ((setup: PluginSetup) => Promise<readonly Plugin[]>);

export async function registerPlugins(plugins: PluginSource, setup: PluginSetup): Promise<PluginRegistry> {
  return PluginRegistry.create(typeof plugins === 'function' ? await plugins(setup) : plugins);
}

/** the DTS engine over the bundled fallbacks and the operator's config/ */
export function loadDtsRenderer(config: Config, rootDir: string, log: Logger, services: CoreServices): Promise<Renderer> {
  return DtsEngine.load({
    rootDir,
    log: log.child({ part: 'dts' }),
    lookups: gameDataLookups(services.gameData(), { rootDir, log }),
    defaultTemplateId: config.general.default_template_name,
    fallbackLanguage: config.general.locale,
    altLanguage: config.locale.language,
    numberLocale: config.locale.timeformat,
  });
}
