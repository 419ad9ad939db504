/** Configuration: the typed, frozen view of config/config.toml. */
export { defaultConfig } from './defaults.ts';
export * from './enums.ts';
export { configFromObject, defaultConfigWith, loadConfig } from './load.ts';
export { definePluginConfig, SWITCH_KEY, type DisableSwitchSpec, type PluginConfig, type PluginConfigInput, type PluginSections, type PluginValues } from './plugin-config.ts';
export { mergedConfigSpec, unimplementedKeysOf, type PluginConfigSource } from './plugin-schema.ts';
export { CORE_UNIMPLEMENTED_KEYS, type UnimplementedKey, type UnimplementedKeys } from './unimplemented.ts';
export type * from './types.ts';
