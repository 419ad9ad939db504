/**
 * The invasion plugin's game data: the invasion lineups ([resources] invasions_url), downloaded and cached with
 * the rest of the game data as `resources/invasions.json`, laid over the masterfile's own grunt table. Read
 * with `gruntsOf(gameData)`; every id answers (unknown ones with readable fallbacks, `known: false`).
 */
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { UNKNOWN_COLOR } from '../../../core/gamedata/tables.ts';
import type { GameDataSource } from '../../../core/gamedata/source.ts';
import { looksLikeInvasions, parseInvasions, rewardsFor } from './lineups.ts';
import type { GruntInfo } from './types.ts';

const NO_ENCOUNTERS = Object.freeze({ first: [], second: [], third: [] });

/** The grunt lookups GameData answered before they moved here. */
export class Grunts {
  constructor(
    private readonly known: ReadonlyMap<number, GruntInfo>,
    private readonly data: GameData,
  ) {}

  grunt(id: number): GruntInfo {
    const known = this.known.get(id);
    if (known) return known;
    const name = this.data.translation(`grunt_${id}`) ?? `Grunt ${id}`;
    return Object.freeze({
      id,
      type: name,
      typeId: null,
      gender: 0,
      grunt: name,
      name,
      boss: false,
      active: false,
      encounters: NO_ENCOUNTERS,
      rewards: rewardsFor([], NO_ENCOUNTERS),
      secondRewardChance: 0,
      color: UNKNOWN_COLOR,
      emojiKey: 'grunt-unknown',
      known: false,
    });
  }

  /** every grunt the masterfile and the invasion lineups know, by id */
  all(): readonly GruntInfo[] {
    return [...this.known.values()].sort((a, b) => a.id - b.id);
  }

  /** the name in `lang` (the translations' `grunt_<id>`), else the English name; no `lang`: the English name */
  name(id: number, lang?: string): string {
    return (lang === undefined ? undefined : this.data.translation(`grunt_${id}`, lang)) ?? this.grunt(id).name;
  }
}

function gruntTable(raw: unknown, data: GameData): Grunts {
  const englishName = (id: number): string | undefined => data.translation(`grunt_${id}`);
  const grunts = parseInvasions(data.masterfileSection('grunts'), data, englishName);
  if (raw !== undefined) for (const [id, grunt] of parseInvasions(raw, data, englishName)) grunts.set(id, grunt);
  return new Grunts(grunts, data);
}

export const INVASIONS_SOURCE: GameDataSource<Grunts> = {
  name: 'invasions',
  url: (config) => config.resources.invasions_url,
  looksValid: looksLikeInvasions,
  whenMissing: 'grunt rewards come from the masterfile or stay unknown',
  parse: gruntTable,
};

/** The grunts of a GameData (parsed once per GameData). */
export function gruntsOf(data: GameData): Grunts {
  return data.source(INVASIONS_SOURCE);
}
