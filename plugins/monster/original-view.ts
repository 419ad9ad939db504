/**
 * `original.*` of a `monsterChanged` alert, as a pure function: the sighting its recipients were told about before
 * the change, with names in the recipient's language. The stats read as the `monster` view's own do: empty when
 * that sighting was not encountered (`original.encountered` false).
 */
import type { GameData } from '../../core/gamedata/index.ts';
import type { EncounterState } from './encounter-change.ts';
import { twoDecimals } from './look.ts';
import { pokemonFullName } from './pvp-view.ts';

export interface OriginalView {
  readonly pokemonId: number;
  readonly formId: number;
  readonly name: string;
  readonly formName: string;
  readonly fullName: string;
  readonly encountered: boolean;
  readonly cp: number | '';
  readonly iv: number | '';
  readonly atk: number | '';
  readonly def: number | '';
  readonly sta: number | '';
  readonly level: number | '';
  /** kg, two decimals as text */
  readonly weight: string;
  /** m, two decimals as text */
  readonly height: string;
  readonly gender: number;
  readonly genderName: string;
  readonly weatherId: number;
  readonly weatherName: string;
}

export function originalView(prior: EncounterState, gameData: GameData, lang: string): OriginalView {
  const encountered = prior.cp > 0;
  const formName = gameData.formName(prior.form, lang);
  const stat = (value: number): number | '' => (encountered ? value : '');
  return {
    pokemonId: prior.pokemonId,
    formId: prior.form,
    name: gameData.pokemonName(prior.pokemonId, lang),
    formName: /^normal$/i.test(formName) ? '' : formName,
    fullName: pokemonFullName(gameData, prior.pokemonId, prior.form, 0, lang),
    encountered,
    cp: stat(prior.cp),
    iv: stat(prior.iv),
    atk: stat(prior.atk),
    def: stat(prior.def),
    sta: stat(prior.sta),
    level: stat(prior.level),
    weight: encountered ? twoDecimals(prior.weight) : '',
    height: encountered ? twoDecimals(prior.height) : '',
    gender: prior.gender,
    genderName: gameData.genderName(prior.gender, lang),
    weatherId: prior.weather,
    weatherName: prior.weather ? gameData.weatherName(prior.weather, lang) : '',
  };
}
