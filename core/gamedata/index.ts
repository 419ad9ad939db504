/**
 * Game data: download/cache of the masterfile, invasion lineups and translations; lookups; emoji; aliases.
 */
export { GameData, buildGameData } from './game-data.ts';
export type { GameDataParts } from './parts.ts';
export { loadGameData, gameDataFromFiles, type LoadGameDataOptions, type FromFilesOptions } from './load.ts';
export { downloadResources, type DownloadOptions, type DownloadReport } from './download.ts';
export type { DownloadOutcome, DownloadResult } from './fetch-resource.ts';
export { normalizeName } from './names.ts';
export { alteringWeathers, speciesFacts, type EvolutionEntry, type MegaEvolutionEntry, type PrevEvolutionEntry, type SpeciesFacts, type WeaknessCategory, type WeaknessType } from './species-facts.ts';
export type * from './types.ts';
