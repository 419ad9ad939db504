/** Configuration: the typed, frozen view of config/config.toml. */
export { defaultConfig } from './defaults.ts';
export * from './enums.ts';
export { configFromObject, loadConfig } from './load.ts';
export type * from './types.ts';
