/**
 * Game data for the benchmarks: the real public files in ../shared/gamedata when present (every species,
 * names, evolutions, base stats), read through a temporary folder laid out like resources/; otherwise the
 * tiny test fixtures, which still work but give unknown species fallback names.
 */
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameData } from '../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../core/gamedata/load.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_GAMEDATA = join(REPO_ROOT, '..', 'shared', 'gamedata');
const FIXTURE_GAMEDATA = join(REPO_ROOT, 'test', 'fixtures', 'gamedata');

export interface BenchGameData {
  readonly gameData: GameData;
  /** 'shared' = the real files, 'fixtures' = the test fixtures */
  readonly source: 'shared' | 'fixtures';
}

function sharedLayout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-gamedata-'));
  symlinkSync(join(SHARED_GAMEDATA, 'masterfile', 'master-latest-poracle.json'), join(dir, 'masterfile.json'));
  symlinkSync(join(SHARED_GAMEDATA, 'invasions', 'classic.json'), join(dir, 'invasions.json'));
  symlinkSync(join(SHARED_GAMEDATA, 'locales'), join(dir, 'locales'));
  return dir;
}

export async function loadBenchGameData(): Promise<BenchGameData> {
  if (existsSync(join(SHARED_GAMEDATA, 'masterfile', 'master-latest-poracle.json'))) {
    return { gameData: await gameDataFromFiles(sharedLayout(), { languages: ['en', 'de'] }), source: 'shared' };
  }
  return { gameData: await gameDataFromFiles(FIXTURE_GAMEDATA), source: 'fixtures' };
}
