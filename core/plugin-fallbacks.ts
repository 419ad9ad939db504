/**
 * The folders of bundled fallbacks the registered plugins ship (their `fallbacks` member): templates and help
 * topics (`dts.json`) and reply translations (`locale/<lang>.json`). The DTS loader and the locale loader read
 * them after the core's bundled files and before config/.
 */
import { isAbsolute } from 'node:path';
import type { Plugin } from './contract.ts';
import { pluginInvalid } from './errors.ts';

/** The plugins' `fallbacks` folders in registration order; throws PLUGIN_INVALID when one is not an absolute path. */
export function pluginFallbackFolders(plugins: readonly Plugin[]): string[] {
  const relative = plugins.filter((p) => p.fallbacks !== undefined && !isAbsolute(p.fallbacks));
  if (relative.length > 0) {
    const problems = relative.map((p) => `plugin "${p.name}": "fallbacks" must be an absolute folder path, found "${p.fallbacks}"`);
    throw pluginInvalid(problems);
  }
  return plugins.flatMap((p) => (p.fallbacks === undefined ? [] : [p.fallbacks]));
}
