/**
 * What the read-only configuration and master data routes need from the app: the loaded config, the current
 * game data, the alert types of the registered plugins, the platforms' command prefixes and the template set.
 */
import type { Config, DisableSwitchSpec } from '../../config/index.ts';
import type { GameData } from '../../gamedata/game-data.ts';
import type { PluginClientConfig } from './client-config-parts.ts';

/** One loaded template entry as the listing needs it (a DTS entry fits). */
export interface TemplateEntryInfo {
  readonly id: string;
  readonly type: string;
  /** `''` = every platform */
  readonly platform: string;
  /** `''` = language independent */
  readonly language: string;
  readonly raw?: Readonly<Record<string, unknown>>;
}

/** The render hook's template listing (the DTS engine offers both; a custom renderer may offer neither). */
export interface TemplateSource {
  templateIds?(alertType: string, platform: string): readonly string[];
  entries?(): readonly TemplateEntryInfo[];
}

export interface ConfigApiDeps {
  readonly config: Config;
  readonly gameData: () => GameData;
  /** the DTS alert types of the registered alert plugins, in registration order */
  readonly alertTypes: () => readonly string[];
  /** platform name → its command prefix (platforms without one are left out) */
  readonly platformPrefixes: () => Readonly<Record<string, string>>;
  /** the template platforms of the registered platform plugins, in registration order */
  readonly templatePlatforms: () => readonly string[];
  readonly templates: TemplateSource;
  /** the registered alert plugins' disable switches (poracleWeb's `disabledHooks` names those that are on) */
  readonly disableSwitches: readonly DisableSwitchSpec[];
  /** the service version; default: package.json's */
  readonly version?: string;
  /** the registered alert plugins' parts of the answers (AlertPlugin.clientConfig), in plugin order; default: none */
  readonly clientConfig?: readonly PluginClientConfig[];
}
